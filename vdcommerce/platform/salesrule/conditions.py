"""Cart price rule conditions on the shared condition engine (platform/rule).

A rule's ``condition`` and ``action_condition`` travel as ``ConditionInterface`` dicts
(``condition_type``, ``conditions``, ``aggregator_type``, ``operator``, ``attribute_name``, ``value``) and
are stored that way. The routes accept exactly the platform's sales-rule class names and address
attributes (``check``); the engine compiles a stored tree once per process and version (engine.py).
"""
from __future__ import annotations

from typing import Any, Callable

from ..quote.totals import Item
from ..rule import conditions as engine
from ..rule.conditions import (ADDRESS, COMBINE, FOUND, PRODUCT, PRODUCT_COMBINE, SALESRULE_ADDRESS_ATTRIBUTES,
                               SUBSELECT, CartContext)

Cart = CartContext
_ROOTS = {COMBINE: engine.CART, PRODUCT_COMBINE: engine.ITEM}

__all__ = ["ADDRESS", "COMBINE", "FOUND", "PRODUCT", "PRODUCT_COMBINE", "SUBSELECT", "Cart", "check",
           "compile_cart", "compile_item"]


def _parse(tree: dict[str, Any] | None, root: str) -> engine.Condition | None:
    return engine.parse(tree, _ROOTS[root], exact=True, address_attributes=SALESRULE_ADDRESS_ATTRIBUTES)


def check(tree: dict[str, Any], root: str) -> None:
    """Refuse a tree the engine cannot evaluate (400 naming the offending key and value)."""
    _parse(tree, root)


def compile_cart(tree: dict[str, Any] | None) -> Callable[[Cart], bool]:
    """A stored ``condition`` as a cart predicate (None: always true)."""
    return engine.compile_cart(_parse(tree, COMBINE))


def compile_item(tree: dict[str, Any] | None) -> Callable[[Item], bool]:
    """A stored ``action_condition`` as an item predicate (None: every item)."""
    return engine.compile_item(_parse(tree, PRODUCT_COMBINE))
