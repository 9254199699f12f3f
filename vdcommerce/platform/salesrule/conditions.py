"""Rule conditions: checking a tree when a rule is saved, compiling it into a predicate for the engine.

A tree is the wire form of ``ConditionInterface`` as a dict (``condition_type``, ``conditions``,
``aggregator_type``, ``operator``, ``attribute_name``, ``value``). ``compile_cart`` turns the root of a
rule's ``condition`` into ``fn(cart) -> bool``, ``compile_item`` the root of its ``action_condition``
into ``fn(item) -> bool``; the engine compiles a rule once per process and version (engine.py).

Values are compared the way the platform's conditions compare them: two numbers numerically, anything
else as case-insensitive text; a value of a multi-value operator (``{}``, ``!{}``, ``()``, ``!()``) and
any value tested against ``category_ids`` is a comma-separated list; ``==``/``!=`` on ``category_ids``
mean "is in"/"is not in" one of the listed categories.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Callable

from ...framework.exceptions import InputException
from ..quote.totals import Item

_NS = "Magento\\SalesRule\\Model\\Rule\\Condition\\"
COMBINE = _NS + "Combine"
ADDRESS = _NS + "Address"
FOUND = _NS + "Product\\Found"
SUBSELECT = _NS + "Product\\Subselect"
PRODUCT_COMBINE = _NS + "Product\\Combine"
PRODUCT = _NS + "Product"

# operator -> (the test, whether its result is negated)
_BASE = {"==": ("==", False), "!=": ("==", True), ">=": (">=", False), "<": (">=", True),
         "<=": ("<=", False), ">": ("<=", True), "{}": ("{}", False), "!{}": ("{}", True),
         "()": ("()", False), "!()": ("()", True)}
OPERATORS = frozenset(_BASE)
ADDRESS_ATTRIBUTES = frozenset({
    "base_subtotal", "base_subtotal_with_discount", "base_subtotal_total_incl_tax", "total_qty", "weight",
    "payment_method", "shipping_method", "postcode", "region", "region_id", "country_id"})
SUBSELECT_ATTRIBUTES = frozenset({"qty", "base_row_total"})
AGGREGATORS = frozenset({"all", "any"})

# which condition types may appear under which
_CART_CHILDREN = frozenset({COMBINE, ADDRESS, FOUND, SUBSELECT})
_ITEM_CHILDREN = frozenset({PRODUCT, PRODUCT_COMBINE})
_CHILDREN = {COMBINE: _CART_CHILDREN, FOUND: _ITEM_CHILDREN, SUBSELECT: _ITEM_CHILDREN,
             PRODUCT_COMBINE: _ITEM_CHILDREN}
_ARRAY_OPERATORS = frozenset({"{}", "!{}", "()", "!()"})
_NUMBER = re.compile(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*")


class Cart:
    """What cart conditions read: the address attributes and the items."""

    __slots__ = ("attrs", "items")

    def __init__(self, attrs: dict[str, Any], items: list[Item]):
        self.attrs = attrs
        self.items = items


# --------------------------------------------------------------------------- checking on save

def check(tree: dict[str, Any], root: str) -> None:
    """Refuse a tree the engine cannot evaluate (400 naming the offending key and value)."""
    if tree["condition_type"] != root:
        raise InputException.invalid_value("condition_type", tree["condition_type"] or "")
    _check_node(tree)


def _check_node(node: dict[str, Any]) -> None:
    kind = node["condition_type"]
    if kind in _CHILDREN:
        aggregator = node["aggregator_type"]
        if aggregator is not None and aggregator.lower() not in AGGREGATORS:
            raise InputException.invalid_value("aggregator_type", aggregator)
        for child in node["conditions"] or ():
            if child["condition_type"] not in _CHILDREN[kind]:
                raise InputException.invalid_value("condition_type", child["condition_type"] or "")
            _check_node(child)
    if kind in (ADDRESS, SUBSELECT, PRODUCT):
        attribute, operator = node["attribute_name"], node["operator"]
        if not attribute:
            raise InputException.required("attribute_name")
        if (kind == ADDRESS and attribute not in ADDRESS_ATTRIBUTES
                or kind == SUBSELECT and attribute not in SUBSELECT_ATTRIBUTES):
            raise InputException.invalid_value("attribute_name", attribute)
        if operator not in OPERATORS:
            raise InputException.invalid_value("operator", operator if operator is not None else "")


# --------------------------------------------------------------------------- comparing values

def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(str(value))
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        try:
            return Decimal(value.strip())
        except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
            return None
    return None


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    return str(value).casefold()


class _Value:
    """One side of a comparison, converted once: its number (when it is one) and its folded text."""

    __slots__ = ("number", "text")

    def __init__(self, value: Any):
        self.number = _number(value)
        self.text = _text(value)

    def equals(self, other: "_Value") -> bool:
        if self.number is not None and other.number is not None:
            return self.number == other.number
        return self.text == other.text

    def at_most(self, other: "_Value") -> bool:
        if self.number is not None and other.number is not None:
            return self.number <= other.number
        return self.text <= other.text

    def at_least(self, other: "_Value") -> bool:
        if self.number is not None and other.number is not None:
            return self.number >= other.number
        return self.text >= other.text


_seen: dict[tuple[type, Any], _Value] = {}


def _value(value: Any) -> _Value:
    """A tested value converted, from a per-process memo (carts repeat the same SKUs, ids and prices)."""
    try:
        key = (type(value), value)
        found = _seen.get(key)
    except TypeError:  # unhashable (a dict in a custom attribute)
        return _Value(value)
    if found is None:
        if len(_seen) > 65536:
            _seen.clear()
        found = _seen[key] = _Value(value)
    return found


class _OneOf:
    """Membership in a list of expected values, compared as ``_Value.equals`` compares."""

    __slots__ = ("numbers", "texts", "all_texts")

    def __init__(self, expected: list[_Value]):
        self.numbers = {e.number for e in expected if e.number is not None}
        self.texts = {e.text for e in expected if e.number is None}
        self.all_texts = {e.text for e in expected}

    def has(self, v: _Value) -> bool:
        if v.number is not None:
            return v.number in self.numbers or v.text in self.texts
        return v.text in self.all_texts


def _expected(value: Any, as_list: bool) -> _Value | list[_Value]:
    if isinstance(value, list):
        return [_Value(v) for v in value]
    if as_list:
        return [_Value(v.strip()) for v in _text(value).split(",") if v.strip()]
    return _Value(value)


def comparator(operator: str, value: Any, multi: bool = False) -> Callable[[Any], bool]:
    """``fn(tested value) -> bool`` for one operator and expected value. ``multi``: the attribute holds
    several values (category ids), so the expected value is a list and ``==`` means "is one of"."""
    if multi:
        operator = {"==": "{}", "!=": "!{}"}.get(operator, operator)
    expected = _expected(value, multi or operator in _ARRAY_OPERATORS)
    base, negate = _BASE[operator]
    many = isinstance(expected, list)
    one_of = _OneOf(expected if many else [expected])

    def test(tested: Any) -> bool:
        is_list = isinstance(tested, (list, tuple))
        if base in ("<=", ">="):
            if is_list or many:
                return False  # an order needs two single values, whatever the operator's sense
            v = _value(tested)
            result = v.at_most(expected) if base == "<=" else v.at_least(expected)
        elif base == "==":
            if many:
                result = is_list and {_value(t).text for t in tested} == one_of.all_texts
            elif is_list:
                result = len(tested) == 1 and _value(tested[0]).equals(expected)
            else:
                result = _value(tested).equals(expected)
        elif base == "{}":
            if is_list:
                result = any(one_of.has(_value(t)) for t in tested)
            else:
                text = _value(tested).text
                result = any(e in text for e in one_of.all_texts)
        elif is_list:  # "()"
            result = any(one_of.has(_value(t)) for t in tested)
        else:
            result = one_of.has(_value(tested))
        return not result if negate else result

    return test


# --------------------------------------------------------------------------- compiling

def _item_attribute(code: str) -> Callable[[Item], Any]:
    if code == "sku":
        return lambda item: item.sku
    if code == "category_ids":
        return lambda item: item.category_ids
    if code == "attribute_set_id":
        return lambda item: item.attribute_set_id
    if code == "quote_item_qty":
        return lambda item: item.qty
    if code == "quote_item_price":
        return lambda item: item.price
    if code == "quote_item_row_total":
        return lambda item: item.row_total
    return lambda item: item.custom_attributes.get(code)


def _combine(children: list[Callable], all_: bool, expect: bool) -> Callable[[Any], bool]:
    """The platform's Combine: with ``all``, every child must give ``expect``; with ``any``, one must.
    No children: true."""
    if not children:
        return lambda subject: True
    if len(children) == 1 and expect:
        return children[0]
    if all_:
        return lambda subject: all(c(subject) is expect for c in children)
    return lambda subject: any(c(subject) is expect for c in children)


def _aggregator(node: dict[str, Any]) -> tuple[bool, bool]:
    """(``all``?, the result children must give): ``all`` and "1" unless the node says otherwise."""
    aggregator = (node.get("aggregator_type") or "all").lower()
    value = node.get("value")
    expect = value is None or not (value is False or _text(value) in ("0", "false", ""))
    return aggregator == "all", expect


def compile_item(node: dict[str, Any] | None) -> Callable[[Item], bool]:
    """An item predicate from a Product\\Combine or Product node (None: every item)."""
    if node is None:
        return lambda item: True
    kind = node["condition_type"]
    if kind == PRODUCT:
        code = node["attribute_name"]
        get = _item_attribute(code)
        test = comparator(node["operator"], node.get("value"), multi=code == "category_ids")
        return lambda item: test(get(item))
    all_, expect = _aggregator(node)
    return _combine([compile_item(c) for c in node.get("conditions") or ()], all_, expect)


def compile_cart(node: dict[str, Any] | None) -> Callable[[Cart], bool]:
    """A cart predicate from a Combine node and its children (None: always true)."""
    if node is None:
        return lambda cart: True
    kind = node["condition_type"]
    if kind == ADDRESS:
        code = node["attribute_name"]
        test = comparator(node["operator"], node.get("value"))
        return lambda cart: test(cart.attrs.get(code))
    if kind == SUBSELECT:
        # the sum of an item attribute over the items matching the children, compared
        field = "qty" if node["attribute_name"] == "qty" else "row_total"
        all_, _ = _aggregator({**node, "value": "1"})
        matches = _combine([compile_item(c) for c in node.get("conditions") or ()], all_, True)
        test = comparator(node["operator"], node.get("value"))
        return lambda cart: test(sum((getattr(i, field) for i in cart.items if matches(i)), Decimal(0)))
    if kind == FOUND:
        # value "1": an item matching the children exists; "0": none does
        all_, expect = _aggregator(node)
        matches = _combine([compile_item(c) for c in node.get("conditions") or ()], all_, True)
        if expect:
            return lambda cart: any(matches(i) for i in cart.items)
        return lambda cart: not any(matches(i) for i in cart.items)
    all_, expect = _aggregator(node)
    return _combine([compile_cart(c) for c in node.get("conditions") or ()], all_, expect)
