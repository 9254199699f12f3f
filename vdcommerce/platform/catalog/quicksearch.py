"""GET /V1/search: the platform's search interface over the catalog's products.

``searchCriteria[requestName]`` names the search request, as on the platform:
``quick_search_container`` and ``advanced_search_container`` search the products visible in search
(visibility 3 and 4), ``catalog_view_container`` those visible in the catalog (2 and 4); every request
finds only enabled products of the store view's website. Filters (groups AND, filters of a group OR
where they name different fields; a field's conditions within one group combine):

- ``search_term``: words matched, case-insensitively, in the product's name or SKU (any word);
- ``category_ids``: a category id, or several with ``in``;
- ``price``: ``from``/``gteq``/``gt`` and ``to``/``lteq``/``lt`` bounds (``price.from``/``price.to``
  fields too, as advanced search sends them).

An item is a document: the product id and its ``score`` custom attribute (2 for each word found in the
name, 1 for each found in the SKU; 0 without a search term). Items come by score, highest first, then
by id, unless ``sortOrders`` names ``relevance``, ``price``, ``name`` or ``entity_id``.
``aggregations`` holds ``category_bucket``: each category of the matches with its count.
"""

from decimal import Decimal
from typing import Any

from sqlalchemy import and_, exists, false, or_, select

from ...framework.context import Service
from ...framework.data import CustomAttributes, DataObject, OrNull, to_float, to_int
from ...framework.exceptions import InputException
from ...framework.search import FilterGroup, SortOrder
from .tables import category_product as category_link_t
from .tables import product as product_t
from .tables import product_website as website_t

REQUESTS = {"quick_search_container": (3, 4), "advanced_search_container": (3, 4),
            "catalog_view_container": (2, 4)}
_LOWER = {"from", "gteq", "moreq", "gt"}
_UPPER = {"to", "lteq", "lt"}


class DocumentInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\DocumentInterface"):
    id: OrNull[int]
    custom_attributes: CustomAttributes


class AggregationValueInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\AggregationValueInterface"):
    value: OrNull[str]
    metrics: OrNull[list[str]]


class BucketInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\BucketInterface"):
    name: OrNull[str]
    values: OrNull[list[AggregationValueInterface]]


class AggregationInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\AggregationInterface"):
    buckets: OrNull[list[BucketInterface]]
    bucket_names: OrNull[list[str]]


class SearchSearchCriteriaInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\SearchCriteriaInterface"):
    request_name: OrNull[str]
    filter_groups: OrNull[list[FilterGroup]]
    sort_orders: list[SortOrder] | None
    page_size: int | None
    current_page: int | None


class SearchResultInterface(DataObject, interface="Magento\\Framework\\Api\\Search\\SearchResultInterface"):
    items: OrNull[list[DocumentInterface]]
    aggregations: OrNull[AggregationInterface]
    search_criteria: OrNull[SearchSearchCriteriaInterface]
    total_count: OrNull[int]


def _invalid_field(name: str | None) -> InputException:
    return InputException.invalid_value("field", name or "")


def _price(raw: str | None) -> Decimal:
    try:
        return Decimal(str(to_float(raw)))
    except Exception:
        raise InputException.invalid_value("value", raw or "") from None


def _condition(f: Any, words_out: list[str]) -> Any:
    field = (f.field or "").strip()
    ctype = (f.condition_type or "eq").lower()
    value = f.value
    if field == "search_term":
        words = [w for w in (value or "").lower().split() if w]
        words_out.extend(words)
        if not words:
            return None
        return or_(*(c.ilike(f"%{_escaped(w)}%", escape="\\") for w in words for c in (product_t.c.name,
                                                                                        product_t.c.sku)))
    if field == "category_ids":
        try:
            ids = [to_int(v.strip()) for v in (value or "").split(",")] if ctype == "in" else [to_int(value)]
        except Exception:
            raise InputException.invalid_value("value", value or "") from None
        return exists().where(category_link_t.c.product_id == product_t.c.entity_id,
                              category_link_t.c.category_id.in_(ids))
    if field in ("price", "price.from", "price.to"):
        if field == "price.from" or (field == "price" and ctype in _LOWER):
            bound = _price(value)
            return product_t.c.price > bound if ctype == "gt" else product_t.c.price >= bound
        if field == "price.to" or (field == "price" and ctype in _UPPER):
            bound = _price(value)
            return product_t.c.price < bound if ctype == "lt" else product_t.c.price <= bound
        if ctype == "eq":
            return product_t.c.price == _price(value)
        raise InputException.invalid_value("condition_type", f.condition_type or "")
    raise _invalid_field(f.field)


def _escaped(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class Search(Service):
    interface = "Magento\\Search\\Api\\SearchInterface"
    summary = "Searching the catalog"

    def search(self, search_criteria: SearchSearchCriteriaInterface) -> SearchResultInterface:
        criteria = search_criteria
        name = (criteria.request_name or "").strip()
        if not name:
            raise InputException.required("requestName")
        if name not in REQUESTS:
            raise InputException.invalid_value("requestName", name)
        if criteria.current_page is not None and criteria.current_page < 0:
            raise InputException.invalid_value("currentPage", criteria.current_page)
        if criteria.page_size is not None and criteria.page_size < 0:
            raise InputException.invalid_value("pageSize", criteria.page_size)
        words: list[str] = []
        where = [product_t.c.status == 1, product_t.c.visibility.in_(REQUESTS[name]),
                 exists().where(website_t.c.product_id == product_t.c.entity_id,
                                website_t.c.website_id == (self.ctx.website_id or 1))]
        for group in criteria.filter_groups or ():
            alternatives = [_condition(f, words) for f in group.filters or ()]
            kept = [a for a in alternatives if a is not None]
            if kept:
                where.append(or_(*kept) if len(kept) > 1 else kept[0])
            elif alternatives:
                where.append(false())
        rows = self.ctx.conn.execute(select(product_t.c.entity_id, product_t.c.name, product_t.c.sku,
                                            product_t.c.price).where(and_(*where))).all()
        scored = [(r, sum(2 * (w in r.name.lower()) + (w in r.sku.lower()) for w in words)) for r in rows]
        scored.sort(key=lambda t: (-t[1], t[0].entity_id))
        for order in reversed(criteria.sort_orders or []):
            key = (order.field or "").strip()
            descending = str(order.direction or "DESC").upper() == "DESC"
            if key in ("relevance", "_score", "score"):
                scored.sort(key=lambda t: t[1], reverse=descending)
            elif key in ("price", "name", "entity_id"):
                scored.sort(key=lambda t: getattr(t[0], key), reverse=descending)
            else:
                raise _invalid_field(order.field)
        total = len(scored)
        page = scored
        if criteria.page_size:
            start = ((criteria.current_page or 1) - 1) * criteria.page_size
            page = scored[start:start + criteria.page_size]
        elif (criteria.current_page or 1) > 1:
            page = []
        return SearchResultInterface.of(
            items=[DocumentInterface.of(id=r.entity_id, custom_attributes=[
                {"attribute_code": "score", "value": str(score)}]) for r, score in page],
            aggregations=self._aggregations([r.entity_id for r, _ in scored]),
            search_criteria=criteria, total_count=total)

    def _aggregations(self, ids: list[int]) -> AggregationInterface:
        counts: dict[int, int] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for (category_id,) in self.ctx.conn.execute(select(category_link_t.c.category_id)
                                                       .where(category_link_t.c.product_id.in_(chunk))):
                counts[category_id] = counts.get(category_id, 0) + 1
        values = [AggregationValueInterface.of(value=str(c), metrics=[str(c), str(n)])
                  for c, n in sorted(counts.items())]
        return AggregationInterface.of(buckets=[BucketInterface.of(name="category_bucket", values=values)],
                                       bucket_names=["category_bucket"])
