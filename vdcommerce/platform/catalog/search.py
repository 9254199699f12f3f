"""Shopper-facing text search over SKUs and names (docs/platform/catalog.md, "Text search").

``check_term(ctx, term)`` applies ``catalog/search/min_query_length`` and ``max_query_length`` to the
trimmed term. ``find(ctx, term, website_id=, limit=)`` answers the products whose SKU or name holds
every word of the term (case-insensitive), enabled, in the website, of the given visibilities and (by
default) in stock, in one statement: the product whose SKU is the term first, then those whose SKU
starts with it, then the rest, each group by name, then id. Names are compared byte-wise ("C"
collation on PostgreSQL, BINARY on SQLite), so both databases answer in the same order.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import Select, and_, bindparam, case, exists, func, or_, true

from ...framework.context import Context
from ...framework.exceptions import InputException
from .service import ProductFacts, _linked_facts, _with_links
from .tables import product as product_t
from .tables import product_website as website_t
from .tables import stock_item as stock_t

MIN_LENGTH = "catalog/search/min_query_length"
MAX_LENGTH = "catalog/search/max_query_length"
TOO_SHORT = "Minimum Search query length is %1"
TOO_LONG = "Maximum Search query length is %1"
_COLLATION = {"postgresql": "C", "sqlite": "BINARY"}


def _setting(ctx: Context, path: str, default: int) -> int:
    value = ctx.config_value(path, default)
    try:
        return int(str(value).strip())
    except ValueError:
        return default


def check_term(ctx: Context, term: str | None) -> str:
    """The trimmed term, or the 400 that says why it cannot be searched for (``searchTerm``)."""
    text = (term or "").strip()
    if not text:
        raise InputException.required("searchTerm")
    shortest, longest = _setting(ctx, MIN_LENGTH, 3), _setting(ctx, MAX_LENGTH, 128)
    if len(text) < shortest:
        raise InputException(TOO_SHORT, [shortest])
    if len(text) > longest:
        raise InputException(TOO_LONG, [longest])
    return text


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


_statements: dict[tuple[str, int, bool], Select[Any]] = {}


def _statement(dialect: str, words: int, in_stock: bool) -> Select[Any]:
    """The search for a term of ``words`` words, built once per dialect, word count and stock filter."""
    key = (dialect, words, in_stock)
    stmt = _statements.get(key)
    if stmt is None:
        sku, name = func.lower(product_t.c.sku), func.lower(product_t.c.name)
        matches = [or_(sku.like(bindparam(f"w{n}"), escape="\\"), name.like(bindparam(f"w{n}"), escape="\\"))
                   for n in range(words)]
        group = case((sku == bindparam("term"), 0), (sku.like(bindparam("prefix"), escape="\\"), 1), else_=2)
        where = [product_t.c.status == 1, product_t.c.visibility.in_(bindparam("visibilities", expanding=True)),
                 exists().where(website_t.c.product_id == product_t.c.entity_id,
                                website_t.c.website_id == bindparam("website_id")),
                 and_(*matches)]
        if in_stock:
            where.append(stock_t.c.is_in_stock == true())
        stmt = (_with_links.where(*where)
                .order_by(group, name.collate(_COLLATION.get(dialect, "BINARY")), product_t.c.entity_id)
                .limit(bindparam("limit")))
        _statements[key] = stmt
    return stmt


def find(ctx: Context, term: str, *, website_id: int, limit: int, visibilities: tuple[int, ...] = (2, 4),
         in_stock: bool = True) -> list[ProductFacts]:
    """The products matching every word of ``term`` in their SKU or name, in search order, at most ``limit``."""
    text = term.strip().lower()
    words = text.split()
    if not words or limit < 1:
        return []
    params: dict[str, Any] = {f"w{n}": f"%{_like(w)}%" for n, w in enumerate(words)}
    params.update(term=text, prefix=_like(text) + "%", website_id=website_id, limit=limit,
                  visibilities=list(visibilities))
    rows = ctx.conn.execute(_statement(ctx.conn.dialect.name, len(words), in_stock), params).all()
    return [_linked_facts(r) for r in rows]
