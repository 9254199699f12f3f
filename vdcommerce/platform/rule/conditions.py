"""The condition engine: one parser, one checker and one compiler for every rule that keeps conditions.

Two wire forms of the same tree are read:

- the data object form of cart price rules (``ConditionInterface`` as a dict): ``condition_type``,
  ``attribute_name``, ``operator``, ``value``, ``aggregator_type``, ``conditions``;
- the serialized form modules keep in a string column (``conditions_serialized``): ``type``,
  ``attribute``, ``operator``, ``value``, ``is_value_processed``, ``aggregator``, ``conditions``.

``parse`` turns either (a dict, or JSON text for the second) into a ``Condition``: frozen, hashable,
checked. A bad tree is a 400 naming the key as the client sent it and the offending value. ``serialize``
writes a ``Condition`` back in the normalised serialized form (what a module stores and echoes).
``compile_cart`` / ``compile_item`` turn a tree into a predicate; they are memoised per tree, so a rule
is compiled once per process; ``cart_predicate`` / ``item_predicate`` do the whole road from a stored
string, memoised on the string.

A node is recognised by the last segment of its class name (``Combine``, ``Address``, ``Product``,
``Found``, ``Subselect``), so the platform's sales-rule and catalog-rule classes and a vendor's own all
work; a ``Combine`` inside an item tree (the root of an ``action_condition`` or of a catalog tree, the
children of ``Found`` and ``Subselect``) combines product conditions. ``exact=True`` accepts only the
platform's sales-rule class names, as the cart price rule routes do.

Values are compared as the platform compares them: two numbers numerically, anything else as
case-insensitive text; the value of a multi-value operator (``{}``, ``!{}``, ``()``, ``!()``) and any value
tested against ``category_ids`` is a comma-separated list; ``==``/``!=`` on ``category_ids`` mean "is
in"/"is not in" one of the listed categories.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Callable

import orjson

from ...framework.exceptions import InputException
from ..quote.totals import ZERO, Address, Item, Quote, Total

_NS = "Magento\\SalesRule\\Model\\Rule\\Condition\\"
# the platform's sales-rule class names
COMBINE = _NS + "Combine"
ADDRESS = _NS + "Address"
FOUND = _NS + "Product\\Found"
SUBSELECT = _NS + "Product\\Subselect"
PRODUCT_COMBINE = _NS + "Product\\Combine"
PRODUCT = _NS + "Product"

# node kinds
K_COMBINE, K_PRODUCT_COMBINE, K_ADDRESS, K_FOUND, K_SUBSELECT, K_PRODUCT = (
    "combine", "product_combine", "address", "found", "subselect", "product")
_EXACT = {COMBINE: K_COMBINE, ADDRESS: K_ADDRESS, FOUND: K_FOUND, SUBSELECT: K_SUBSELECT,
          PRODUCT_COMBINE: K_PRODUCT_COMBINE, PRODUCT: K_PRODUCT}
_BY_SEGMENT = {"Address": K_ADDRESS, "Found": K_FOUND, "Subselect": K_SUBSELECT, "Product": K_PRODUCT}
# the root a tree starts from
CART, ITEM = "cart", "item"

# operator -> (the test, whether its result is negated)
_BASE = {"==": ("==", False), "!=": ("==", True), ">=": (">=", False), "<": (">=", True),
         "<=": ("<=", False), ">": ("<=", True), "{}": ("{}", False), "!{}": ("{}", True),
         "()": ("()", False), "!()": ("()", True)}
OPERATORS = frozenset(_BASE)
# what the cart price rule routes accept on an Address condition
SALESRULE_ADDRESS_ATTRIBUTES = frozenset({
    "base_subtotal", "base_subtotal_with_discount", "base_subtotal_total_incl_tax", "total_qty", "weight",
    "payment_method", "shipping_method", "postcode", "region", "region_id", "country_id"})
# what modules' trees may test: the same, the city and the cart's customer group
ADDRESS_ATTRIBUTES = SALESRULE_ADDRESS_ATTRIBUTES | {"city", "customer_group_id"}
SUBSELECT_ATTRIBUTES = frozenset({"qty", "base_row_total"})
AGGREGATORS = frozenset({"all", "any"})

_COMBINING = frozenset({K_COMBINE, K_PRODUCT_COMBINE, K_FOUND, K_SUBSELECT})
_CART_CHILDREN = frozenset({K_COMBINE, K_ADDRESS, K_FOUND, K_SUBSELECT})
_ITEM_CHILDREN = frozenset({K_PRODUCT, K_PRODUCT_COMBINE})
_ARRAY_OPERATORS = frozenset({"{}", "!{}", "()", "!()"})
_NUMBER = re.compile(r"\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*")


@dataclass(frozen=True)
class Condition:
    """One checked node of a tree. ``value`` is hashable (a sent list becomes a tuple)."""
    type: str                       # the class name as sent
    kind: str                       # combine, product_combine, address, found, subselect, product
    attribute: str | None = None
    operator: str | None = None
    value: Any = None
    aggregator: str | None = None
    conditions: tuple["Condition", ...] = ()

    @property
    def is_empty(self) -> bool:
        """A combine without children: always true."""
        return self.kind in (K_COMBINE, K_PRODUCT_COMBINE) and not self.conditions

    def attributes(self) -> set[str]:
        """The product attribute codes the tree tests (a module loads those on the items it checks)."""
        found = {self.attribute} if self.kind == K_PRODUCT and self.attribute else set()
        for child in self.conditions:
            found |= child.attributes()
        return found


class CartContext:
    """What cart conditions read: the address attributes and the items."""

    __slots__ = ("attrs", "items")

    def __init__(self, attrs: dict[str, Any], items: list[Item]):
        self.attrs = attrs
        self.items = items


def cart_context(quote: Quote, total: Total, address: Address | None = None) -> CartContext:
    """The context a cart tree is evaluated against: the cart's totals so far, its shipping address (the
    billing one for a virtual cart; ``address`` when given, an estimate's), its customer group, its items."""
    if address is None:
        address = quote.billing_address if quote.is_virtual else quote.shipping_address
    weight = sum(((i.weight or ZERO) * i.qty for i in quote.items if not i.is_virtual), ZERO)
    return CartContext({
        "base_subtotal": total.subtotal, "base_subtotal_with_discount": total.subtotal_with_discount,
        "base_subtotal_total_incl_tax": total.subtotal + total.tax_amount,
        "total_qty": sum((i.qty for i in quote.items), ZERO), "weight": weight,
        "payment_method": quote.payment_method, "shipping_method": quote.shipping_method,
        "postcode": address.postcode if address else None, "region": address.region if address else None,
        "region_id": address.region_id if address else None, "country_id": address.country_id if address else None,
        "city": address.city if address else None, "customer_group_id": quote.customer_group_id,
    }, quote.items)


# --------------------------------------------------------------------------- parsing and checking

class _Form:
    """The keys of one wire form."""

    def __init__(self, type_: str, attribute: str, aggregator: str):
        self.type, self.attribute, self.aggregator = type_, attribute, aggregator


_DATA = _Form("condition_type", "attribute_name", "aggregator_type")
_SERIALIZED = _Form("type", "attribute", "aggregator")
NOT_JSON = "The conditions are not a valid JSON condition tree: %1"


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, float):
        return Decimal(str(value))
    return value


def parse(tree: dict[str, Any] | str | None, root: str = CART, *, exact: bool = False,
          address_attributes: frozenset[str] = ADDRESS_ATTRIBUTES) -> Condition | None:
    """A checked tree from its wire form (a dict of either form, or JSON text of the serialized one);
    None for no tree (None, "" or ``null``). ``root``: ``CART`` (a Combine over the cart) or ``ITEM`` (a
    Combine over one product or cart item). A tree the engine cannot evaluate is an ``InputException``."""
    if isinstance(tree, str):
        if not tree.strip():
            return None
        try:
            tree = orjson.loads(tree)
        except orjson.JSONDecodeError as e:
            raise InputException(NOT_JSON, [str(e)]) from None
        if tree is None:
            return None
    if tree is None:
        return None
    if not isinstance(tree, dict):
        raise InputException(NOT_JSON, ["the tree is not an object"])
    form = _DATA if "condition_type" in tree else _SERIALIZED
    kind = _kind(tree, form, root == ITEM, exact)
    expected = K_COMBINE if root == CART else K_PRODUCT_COMBINE
    if kind != expected:
        raise InputException.invalid_value(form.type, _shown(tree.get(form.type)))
    return _node(tree, form, kind, exact, address_attributes)


def _shown(value: Any) -> Any:
    return "" if value is None else value if isinstance(value, (str, int, float)) else str(value)


def _kind(node: Any, form: _Form, in_items: bool, exact: bool) -> str:
    if not isinstance(node, dict):
        raise InputException(NOT_JSON, ["a condition is not an object"])
    name = node.get(form.type)
    kind = None
    if isinstance(name, str):
        if exact:
            kind = _EXACT.get(name)
        else:
            parts = name.split("\\")
            if parts[-1] == "Combine":
                kind = K_PRODUCT_COMBINE if in_items or (len(parts) > 1 and parts[-2] == "Product") else K_COMBINE
            else:
                kind = _BY_SEGMENT.get(parts[-1])
    if kind is None:
        raise InputException.invalid_value(form.type, _shown(name))
    return kind


def _node(node: dict[str, Any], form: _Form, kind: str, exact: bool, address_attributes: frozenset[str]) -> Condition:
    attribute, operator, value = node.get(form.attribute), node.get("operator"), node.get("value")
    aggregator = node.get(form.aggregator)
    children: list[Condition] = []
    if kind in _COMBINING:
        if aggregator is not None and (not isinstance(aggregator, str) or aggregator.lower() not in AGGREGATORS):
            raise InputException.invalid_value(form.aggregator, _shown(aggregator))
        aggregator = aggregator.lower() if aggregator else None
        allowed = _CART_CHILDREN if kind == K_COMBINE else _ITEM_CHILDREN
        sent = node.get("conditions") or []
        if not isinstance(sent, list):
            raise InputException.invalid_value("conditions", _shown(sent))
        for child in sent:
            child_kind = _kind(child, form, kind != K_COMBINE, exact)
            if child_kind not in allowed:
                raise InputException.invalid_value(form.type, _shown(child.get(form.type)))
            children.append(_node(child, form, child_kind, exact, address_attributes))
    if kind in (K_ADDRESS, K_SUBSELECT, K_PRODUCT):
        if not attribute:
            raise InputException.required(form.attribute)
        if not isinstance(attribute, str) or (
                kind == K_ADDRESS and attribute not in address_attributes
                or kind == K_SUBSELECT and attribute not in SUBSELECT_ATTRIBUTES):
            raise InputException.invalid_value(form.attribute, _shown(attribute))
        if operator not in OPERATORS:
            raise InputException.invalid_value("operator", _shown(operator))
    else:
        attribute, operator = None, None
    return Condition(type=node[form.type], kind=kind, attribute=attribute, operator=operator, value=_hashable(value),
                     aggregator=aggregator, conditions=tuple(children))


def serialize(condition: Condition | None) -> str | None:
    """The tree in the normalised serialized form (None for no tree), as modules store and echo it."""
    if condition is None:
        return None
    return orjson.dumps(_serialized(condition)).decode()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return float(value)
    return value


def _serialized(c: Condition) -> dict[str, Any]:
    if c.kind in _COMBINING:
        out: dict[str, Any] = {"type": c.type, "attribute": c.attribute, "operator": c.operator,
                               "value": _plain(c.value) if c.value is not None else "1",
                               "is_value_processed": None, "aggregator": c.aggregator or "all"}
        if c.kind == K_SUBSELECT:
            out["value"] = _plain(c.value)
        out["conditions"] = [_serialized(child) for child in c.conditions]
        return out
    return {"type": c.type, "attribute": c.attribute, "operator": c.operator, "value": _plain(c.value),
            "is_value_processed": False}


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
    if isinstance(value, (list, tuple)):
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
    one_of = _OneOf(expected if isinstance(expected, list) else [expected])
    single = expected if isinstance(expected, _Value) else _Value(None)

    def test(tested: Any) -> bool:
        is_list = isinstance(tested, (list, tuple))
        if base in ("<=", ">="):
            if is_list or many:
                return False  # an order needs two single values, whatever the operator's sense
            v = _value(tested)
            result = v.at_most(single) if base == "<=" else v.at_least(single)
        elif base == "==":
            if many:
                result = is_list and {_value(t).text for t in tested} == one_of.all_texts
            elif is_list:
                result = len(tested) == 1 and _value(tested[0]).equals(single)
            else:
                result = _value(tested).equals(single)
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

_ITEM_FIELDS: dict[str, Callable[[Item], Any]] = {
    "sku": lambda item: item.sku,
    "category_ids": lambda item: item.category_ids,
    "attribute_set_id": lambda item: item.attribute_set_id,
    "quote_item_qty": lambda item: item.qty,
    "quote_item_price": lambda item: item.price,
    "quote_item_row_total": lambda item: item.row_total,
}
# product fields an item carries itself, read when the product has no custom attribute of that code
_PRODUCT_FIELDS: dict[str, Callable[[Item], Any]] = {
    "price": lambda item: item.price, "name": lambda item: item.name, "weight": lambda item: item.weight,
    "type_id": lambda item: item.product_type,
}


def _item_attribute(code: str) -> Callable[[Item], Any]:
    if code in _ITEM_FIELDS:
        return _ITEM_FIELDS[code]
    field = _PRODUCT_FIELDS.get(code)
    if field is not None:
        own = field
        return lambda item: item.custom_attributes[code] if code in item.custom_attributes else own(item)
    return lambda item: item.custom_attributes.get(code)


def _combine(children: list[Callable[[Any], bool]], all_: bool, expect: bool) -> Callable[[Any], bool]:
    """The platform's Combine: with ``all``, every child must give ``expect``; with ``any``, one must.
    No children: true."""
    if not children:
        return lambda subject: True
    if len(children) == 1 and expect:
        return children[0]
    if all_:
        return lambda subject: all(c(subject) is expect for c in children)
    return lambda subject: any(c(subject) is expect for c in children)


def _aggregator(node: Condition) -> tuple[bool, bool]:
    """(``all``?, the result children must give): ``all`` and "1" unless the node says otherwise."""
    value = node.value
    expect = value is None or not (value is False or _text(value) in ("0", "false", ""))
    return (node.aggregator or "all") == "all", expect


@functools.lru_cache(maxsize=4096)
def compile_item(node: Condition | None) -> Callable[[Item], bool]:
    """An item predicate from a product Combine or Product node (None: every item). Memoised per tree."""
    if node is None:
        return lambda item: True
    if node.kind == K_PRODUCT:
        code = node.attribute or ""
        get = _item_attribute(code)
        test = comparator(node.operator or "==", node.value, multi=code == "category_ids")
        return lambda item: test(get(item))
    all_, expect = _aggregator(node)
    return _combine([compile_item(c) for c in node.conditions], all_, expect)


def _matching(node: Condition) -> Callable[[Item], bool]:
    """The children of Found / Subselect: every one (``all``) or one (``any``) of them holds."""
    all_ = (node.aggregator or "all") == "all"
    return _combine([compile_item(c) for c in node.conditions], all_, True)


@functools.lru_cache(maxsize=4096)
def compile_cart(node: Condition | None) -> Callable[[CartContext], bool]:
    """A cart predicate from a Combine node and its children (None: always true). Memoised per tree."""
    if node is None:
        return lambda cart: True
    if node.kind == K_ADDRESS:
        code = node.attribute or ""
        test = comparator(node.operator or "==", node.value)
        return lambda cart: test(cart.attrs.get(code))
    if node.kind == K_SUBSELECT:
        # the sum of an item attribute over the items matching the children, compared
        field = "qty" if node.attribute == "qty" else "row_total"
        matches = _matching(node)
        test = comparator(node.operator or "==", node.value)
        return lambda cart: test(sum((getattr(i, field) for i in cart.items if matches(i)), Decimal(0)))
    if node.kind == K_FOUND:
        # value "1": an item matching the children exists; "0": none does
        _, expect = _aggregator(node)
        found = _matching(node)
        if expect:
            return lambda cart: any(found(i) for i in cart.items)
        return lambda cart: not any(found(i) for i in cart.items)
    all_, expect = _aggregator(node)
    return _combine([compile_cart(c) for c in node.conditions], all_, expect)


@functools.lru_cache(maxsize=4096)
def cart_predicate(serialized: str | None) -> Callable[[CartContext], bool]:
    """The predicate of a stored cart tree in the serialized form ("" or None: always true), parsed and
    compiled once per process and text. A tree stored before it could be checked raises on first use."""
    return compile_cart(parse(serialized, CART))


@functools.lru_cache(maxsize=4096)
def item_predicate(serialized: str | None) -> Callable[[Item], bool]:
    """The predicate of a stored product tree in the serialized form ("" or None: every item)."""
    return compile_item(parse(serialized, ITEM))

