"""Condition trees: the platform's serialized rule conditions, parsed, checked and compiled once by one
engine, for cart price rules and every module that keeps conditions (docs/platform/rules.md)."""
from .conditions import (ADDRESS, CART, COMBINE, FOUND, ITEM, PRODUCT, PRODUCT_COMBINE, SUBSELECT, CartContext,
                         Condition, cart_context, cart_predicate, compile_cart, compile_item, item_predicate, parse,
                         serialize)
from .products import matching_product_ids

__all__ = ["ADDRESS", "CART", "COMBINE", "FOUND", "ITEM", "PRODUCT", "PRODUCT_COMBINE", "SUBSELECT", "CartContext",
           "Condition", "cart_context", "cart_predicate", "compile_cart", "compile_item", "item_predicate",
           "matching_product_ids", "parse", "serialize"]
