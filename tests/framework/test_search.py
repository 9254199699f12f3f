"""searchCriteria compiler, on SQLite and on PostgreSQL."""
import datetime as dt

import pytest
import sqlalchemy as sa

from tests.helpers.harness import scratch_engine
from vdcommerce.framework.data import DataObject, OrNull
from vdcommerce.framework.exceptions import InputException
from vdcommerce.framework.search import (
    Filter, FilterGroup, SearchCriteria, SearchField, SearchLimits, SearchResults, SortOrder, search,
)


metadata = sa.MetaData()
items = sa.Table(
    "search_item", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("qty", sa.Integer, nullable=True),
    sa.Column("price", sa.Float, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("is_active", sa.Boolean, nullable=True),
    sa.Column("flag", sa.SmallInteger, nullable=True),          # a 0/1 column declared bool
    sa.Column("created_at", sa.DateTime, nullable=True),
    sa.Column("updated_at", sa.String(19), nullable=True),      # date-time kept as text
    sa.Column("tags", sa.String(64), nullable=True),            # comma-separated set
    sa.Column("secret", sa.String(16), nullable=True),
)
item_website = sa.Table(
    "search_item_website", metadata,
    sa.Column("item_id", sa.Integer, sa.ForeignKey("search_item.id"), primary_key=True),
    sa.Column("website_id", sa.Integer, primary_key=True),
)


def _websites(values):
    return sa.exists().where(item_website.c.item_id == items.c.id, item_website.c.website_id.in_(values))


FIELDS = {
    "id": SearchField(items.c.id, "int"),
    "qty": SearchField(items.c.qty, "int"),
    "price": SearchField(items.c.price, "float"),
    "name": SearchField(items.c.name),
    "is_active": SearchField(items.c.is_active, "bool"),
    "flag": SearchField(items.c.flag, "bool"),
    "created_at": SearchField(items.c.created_at, "datetime"),
    "updated_at": SearchField(items.c.updated_at, "datetime"),
    "tags": SearchField(items.c.tags),
    "website_ids": SearchField(items.c.id, "int", sortable=False, members=_websites),
    "secret": SearchField(items.c.secret, filterable=False),
    "unsortable": SearchField(items.c.qty, "int", sortable=False),
}

D = dt.datetime
ROWS = [
    # id qty  price name            active flag created                 updated                tags    websites
    (1, 10, 1.5, "Red Shirt", True, 1, D(2024, 1, 1, 10, 0, 0), "2024-01-01 10:00:00", "a,b", [1]),
    (2, 20, 2.5, "blue shirt", False, 0, D(2024, 1, 2, 0, 0, 0), "2024-01-02 00:00:00", "b", [1, 2]),
    (3, 30, 10.0, "Green Hat", True, 1, D(2024, 1, 2, 23, 59, 59), "2024-01-02 23:59:59", "c,ab", [2]),
    (4, None, None, None, None, None, None, None, None, []),
    (5, 5, 0.25, "red_cap 100%", False, 0, D(2024, 2, 1, 12, 0, 0), "2024-02-01 12:00:00", "a", [3]),
    (6, 20, 2.5, "Plain", True, 1, D(2023, 12, 31, 23, 59, 59), "2023-12-31 23:59:59", "", [1, 3]),
]
ALL = [1, 2, 3, 4, 5, 6]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(request, tmp_path_factory):
    with scratch_engine(request.param, tmp_path_factory.mktemp("search"), "vd_search") as eng:
        metadata.create_all(eng)
        with eng.begin() as c:
            c.execute(items.insert(), [
                dict(id=r[0], qty=r[1], price=r[2], name=r[3], is_active=r[4], flag=r[5], created_at=r[6],
                     updated_at=r[7], tags=r[8], secret="s") for r in ROWS])
            c.execute(item_website.insert(), [dict(item_id=r[0], website_id=w) for r in ROWS for w in r[9]])
        yield eng


@pytest.fixture
def conn(engine):
    with engine.connect() as c:
        yield c


def run(conn, criteria: dict, limits=SearchLimits()):
    return search(conn, sa.select(items), SearchCriteria.model_validate(criteria), FIELDS, items.c.id, limits)


def ids(conn, criteria: dict, limits=SearchLimits()):
    return [r.id for r in run(conn, criteria, limits).rows]


def one(field, value=None, condition_type=None):
    f = {"field": field}
    if value is not None:
        f["value"] = value
    if condition_type is not None:
        f["condition_type"] = condition_type
    return {"filter_groups": [{"filters": [f]}]}


def error(conn, criteria, limits=SearchLimits()):
    with pytest.raises(InputException) as e:
        run(conn, criteria, limits)
    return e.value.message, e.value.parameters


# --------------------------------------------------------------------------- condition types

@pytest.mark.parametrize("field, ctype, value, expected", [
    # int
    ("qty", None, "20", [2, 6]),
    ("qty", "", "20", [2, 6]),
    ("qty", "eq", "20", [2, 6]),
    ("qty", "EQ", "20", [2, 6]),
    ("qty", "neq", "20", [1, 3, 5]),
    ("qty", "gt", "20", [3]),
    ("qty", "gteq", "20", [2, 3, 6]),
    ("qty", "moreq", "20", [2, 3, 6]),
    ("qty", "from", "20", [2, 3, 6]),
    ("qty", "lt", "20", [1, 5]),
    ("qty", "lteq", "20", [1, 2, 5, 6]),
    ("qty", "to", "20", [1, 2, 5, 6]),
    ("qty", "in", "10, 30 ,99", [1, 3]),
    ("qty", "nin", "10,30", [2, 5, 6]),
    ("qty", "null", None, [4]),
    ("qty", "notnull", None, [1, 2, 3, 5, 6]),
    ("qty", "null", "ignored", [4]),
    ("qty", "like", "%0", [1, 2, 3, 6]),
    ("qty", "nlike", "2%", [1, 3, 5]),
    ("qty", "finset", "30", [3]),
    ("qty", "nfinset", "30", [1, 2, 5, 6]),
    ("qty", "eq", "+20", [2, 6]),
    # float
    ("price", "eq", "2.5", [2, 6]),
    ("price", "eq", "10", [3]),
    ("price", "gt", "2", [2, 3, 6]),
    ("price", "lteq", "1.5", [1, 5]),
    ("price", "in", "0.25,10", [3, 5]),
    ("price", "nin", "2.5", [1, 3, 5]),
    ("price", "neq", "1e1", [1, 2, 5, 6]),
    # string: case-insensitive equality, like, in
    ("name", "eq", "red shirt", [1]),
    ("name", "eq", "BLUE SHIRT", [2]),
    ("name", "neq", "red shirt", [2, 3, 5, 6]),
    ("name", "like", "%SHIRT%", [1, 2]),
    ("name", "like", "red%", [1, 5]),
    ("name", "like", "red_s%", [1]),
    ("name", "like", "%100!%%", []),
    ("name", "nlike", "%shirt%", [3, 5, 6]),
    ("name", "in", "green hat, PLAIN", [3, 6]),
    ("name", "nin", "green hat,plain", [1, 2, 5]),
    ("name", "gt", "PLAIN", [1, 5]),
    ("name", "lteq", "green HAT", [2, 3]),
    ("name", "null", None, [4]),
    ("name", "notnull", None, [1, 2, 3, 5, 6]),
    ("name", "eq", "", []),
    ("name", "eq", "x' OR '1'='1", []),
    ("name", "like", "%' OR 1=1 --", []),
    # bool
    ("is_active", "eq", "1", [1, 3, 6]),
    ("is_active", "eq", "true", [1, 3, 6]),
    ("is_active", "eq", "0", [2, 5]),
    ("is_active", "eq", "false", [2, 5]),
    ("is_active", "neq", "1", [2, 5]),
    ("is_active", "in", "1,0", [1, 2, 3, 5, 6]),
    ("is_active", "null", None, [4]),
    ("flag", "eq", "true", [1, 3, 6]),
    ("flag", "neq", "1", [2, 5]),
    ("flag", "nin", "0", [1, 3, 6]),
    # datetime column
    ("created_at", "eq", "2024-01-02", [2, 3]),
    ("created_at", "eq", "2024-01-02 00:00:00", [2]),
    ("created_at", "eq", "2024-01-01T10:00:00", [1]),
    ("created_at", "neq", "2024-01-02 00:00:00", [1, 3, 5, 6]),
    ("created_at", "gt", "2024-01-02", [3, 5]),
    ("created_at", "gteq", "2024-01-02", [2, 3, 5]),
    ("created_at", "lt", "2024-01-02", [1, 6]),
    ("created_at", "lteq", "2024-01-02 00:00:00", [1, 2, 6]),
    ("created_at", "from", "2024-01-01 10:00:00", [1, 2, 3, 5]),
    ("created_at", "to", "2024-01-01", [6]),
    ("created_at", "in", "2024-01-01 10:00:00,2024-02-01 12:00:00", [1, 5]),
    ("created_at", "nin", "2024-01-01 10:00:00", [2, 3, 5, 6]),
    ("created_at", "like", "2024-01%", [1, 2, 3]),
    ("created_at", "like", "%23:59:59", [3, 6]),
    ("created_at", "nlike", "2024-01%", [5, 6]),
    ("created_at", "null", None, [4]),
    ("created_at", "notnull", None, [1, 2, 3, 5, 6]),
    # datetime as text
    ("updated_at", "eq", "2024-01-02", [2, 3]),
    ("updated_at", "eq", "2024-01-02 23:59:59", [3]),
    ("updated_at", "gt", "2024-01-02", [3, 5]),
    ("updated_at", "lt", "2024-01-01 10:00:01", [1, 6]),
    ("updated_at", "like", "2024-01-0_ %", [1, 2, 3]),
    # comma-set string column
    ("tags", "finset", "a", [1, 5]),
    ("tags", "finset", "A", [1, 5]),
    ("tags", "finset", "b", [1, 2]),
    ("tags", "finset", "ab", [3]),
    ("tags", "finset", "%", []),
    ("tags", "finset", "_", []),
    ("tags", "nfinset", "a", [2, 3, 6]),
    ("tags", "eq", "", [6]),
    # list-typed field via a link table
    ("website_ids", "eq", "1", [1, 2, 6]),
    ("website_ids", "finset", "3", [5, 6]),
    ("website_ids", "in", "2,3", [2, 3, 5, 6]),
    ("website_ids", "neq", "1", [3, 4, 5]),
    ("website_ids", "nfinset", "3", [1, 2, 3, 4]),
    ("website_ids", "nin", "1,2", [4, 5]),
    ("website_ids", "in", "99", []),
    # identifier
    ("id", "in", "1,3,5", [1, 3, 5]),
    ("id", "gteq", "4", [4, 5, 6]),
])
def test_condition_types(conn, field, ctype, value, expected):
    assert ids(conn, one(field, value, ctype)) == sorted(expected)


def test_null_matches_only_null(conn):
    for ctype in ("neq", "nin", "nlike", "nfinset", "lt", "gt"):
        for field, value in (("qty", "999"), ("name", "zzz"), ("created_at", "2000-01-01"), ("tags", "zzz")):
            assert 4 not in ids(conn, one(field, value, ctype)), (field, ctype)


def test_value_converted_to_field_type(conn):
    for field, value, ctype in (("qty", "abc", "eq"), ("qty", "1.5", "gt"), ("price", "x", "lt"),
                                ("is_active", "maybe", "eq"),
                                ("website_ids", "x", "eq"), ("qty", "1,x", "in"), ("qty", "zz", "finset")):
        bad = "x" if value == "1,x" else value
        assert error(conn, one(field, value, ctype)) == (
            'Invalid value of "%value" provided for the %fieldName field.', {"value": bad, "fieldName": "value"})


def test_value_that_is_no_date_matches_nothing(conn):
    # the platform's database compares a date column with such text and finds no row
    for field in ("created_at", "updated_at"):
        for ctype in ("gt", "gteq", "eq", "neq", "lt", "in", "nin", "finset"):
            assert ids(conn, one(field, "None", ctype)) == []
    assert ids(conn, one("created_at", "yesterday,2024-01-02", "in")) == []


# --------------------------------------------------------------------------- grouping

def test_or_inside_a_group(conn):
    criteria = {"filter_groups": [{"filters": [
        {"field": "qty", "value": "10"},
        {"field": "name", "value": "green hat", "condition_type": "eq"},
        {"field": "tags", "value": "a", "condition_type": "finset"},
    ]}]}
    assert ids(conn, criteria) == [1, 3, 5]


def test_and_across_groups(conn):
    criteria = {"filterGroups": [
        {"filters": [{"field": "qty", "value": "10", "conditionType": "gteq"}]},
        {"filters": [{"field": "qty", "value": "20", "condition_type": "lteq"}]},
        {"filters": [{"field": "is_active", "value": "0"}, {"field": "name", "value": "%shirt%",
                                                            "condition_type": "like"}]},
    ]}
    assert ids(conn, criteria) == [1, 2]


def test_empty_groups_and_no_filters(conn):
    assert ids(conn, {}) == ALL
    assert ids(conn, {"filter_groups": []}) == ALL
    assert ids(conn, {"filter_groups": [{"filters": []}, {}]}) == ALL


def test_base_where_is_kept(conn):
    page = search(conn, sa.select(items).where(items.c.id > 2), SearchCriteria.model_validate(one("qty", "20")),
                  FIELDS, items.c.id)
    assert [r.id for r in page.rows] == [6] and page.total_count == 1


def test_count_of_a_distinct_join(conn):
    base = sa.select(items.c.id, items.c.name).join_from(items, item_website).distinct()
    page = search(conn, base, SearchCriteria.model_validate({"page_size": 2}), FIELDS, items.c.id)
    assert [r.id for r in page.rows] == [1, 2] and page.total_count == 5
    page = search(conn, base, SearchCriteria.model_validate({"page_size": 2, "current_page": 4}), FIELDS, items.c.id)
    assert page.rows == [] and page.total_count == 5


def test_works_with_a_session(engine):
    from sqlalchemy.orm import Session
    with Session(engine) as session:
        page = search(session, sa.select(items), SearchCriteria.model_validate(one("qty", "20")), FIELDS, items.c.id)
        assert [r.id for r in page.rows] == [2, 6] and page.total_count == 2


# --------------------------------------------------------------------------- sorting

def test_default_order_is_identifier_ascending(conn):
    assert ids(conn, {}) == ALL


def test_sort_orders_in_order_with_identifier_tie_breaker(conn):
    assert ids(conn, {"sort_orders": [{"field": "qty", "direction": "DESC"}]}) == [3, 2, 6, 1, 5, 4]
    assert ids(conn, {"sortOrders": [{"field": "qty", "direction": "asc"}]}) == [4, 5, 1, 2, 6, 3]
    assert ids(conn, {"sort_orders": [{"field": "price", "direction": "Asc"},
                                      {"field": "is_active", "direction": "desc"}]}) == [4, 5, 1, 6, 2, 3]
    assert ids(conn, {"sort_orders": [{"field": "id", "direction": "DESC"}]}) == [6, 5, 4, 3, 2, 1]


def test_missing_direction_is_desc(conn):
    assert ids(conn, {"sort_orders": [{"field": "qty"}]}) == [3, 2, 6, 1, 5, 4]


def test_nulls_first_ascending_last_descending(conn):
    assert ids(conn, {"sort_orders": [{"field": "name", "direction": "ASC"}]})[0] == 4
    assert ids(conn, {"sort_orders": [{"field": "created_at", "direction": "DESC"}]}) == [5, 3, 2, 1, 6, 4]
    assert ids(conn, {"sort_orders": [{"field": "created_at", "direction": "ASC"}]}) == [4, 6, 1, 2, 3, 5]


def test_sort_on_list_field_with_filters(conn):
    criteria = {"filter_groups": [{"filters": [{"field": "website_ids", "value": "1"}]}],
                "sort_orders": [{"field": "updated_at", "direction": "DESC"}]}
    assert ids(conn, criteria) == [2, 1, 6]


# --------------------------------------------------------------------------- paging

def test_paging(conn):
    page = run(conn, {"page_size": "2", "current_page": "2"})
    assert [r.id for r in page.rows] == [3, 4] and page.total_count == 6
    page = run(conn, {"pageSize": 4, "currentPage": 2})
    assert [r.id for r in page.rows] == [5, 6] and page.total_count == 6
    page = run(conn, {"page_size": 2})
    assert [r.id for r in page.rows] == [1, 2] and page.total_count == 6
    page = run(conn, {"page_size": 10})
    assert [r.id for r in page.rows] == ALL and page.total_count == 6


def test_paging_counts_matches_before_paging(conn):
    criteria = {**one("qty", "10", "gteq"), "page_size": 2, "current_page": 2,
                "sort_orders": [{"field": "qty", "direction": "ASC"}]}
    page = run(conn, criteria)
    assert [r.id for r in page.rows] == [6, 3] and page.total_count == 4


def test_page_past_the_end_is_empty_with_true_count(conn):
    page = run(conn, {"page_size": 4, "current_page": 3})
    assert page.rows == [] and page.total_count == 6
    page = run(conn, {**one("qty", "20"), "page_size": 4, "current_page": 9})
    assert page.rows == [] and page.total_count == 2
    page = run(conn, {"page_size": 300, "current_page": 2 ** 31 - 1})
    assert page.rows == [] and page.total_count == 6
    page = run(conn, {"current_page": 2})
    assert page.rows == [] and page.total_count == 6
    page = run(conn, {**one("qty", "999"), "page_size": 5})
    assert page.rows == [] and page.total_count == 0


def test_page_size_zero_or_missing_is_everything(conn):
    for criteria in ({}, {"page_size": 0}, {"page_size": "0", "current_page": 1}, {"page_size": 2 ** 31 - 1}):
        page = run(conn, criteria)
        assert [r.id for r in page.rows] == ALL and page.total_count == 6


def test_limits_on(conn):
    limits = SearchLimits(enabled=True, max_page_size=5, default_page_size=4)
    page = run(conn, {}, limits)
    assert [r.id for r in page.rows] == [1, 2, 3, 4] and page.total_count == 6
    assert page.criteria.dump() == {"filter_groups": [], "page_size": 4}
    page = run(conn, {"page_size": 0, "current_page": 2}, limits)
    assert [r.id for r in page.rows] == [5, 6] and page.criteria.dump()["page_size"] == 4
    page = run(conn, {"page_size": 5}, limits)
    assert len(page.rows) == 5
    assert error(conn, {"page_size": 6}, limits) == ("Maximum SearchCriteria pageSize is %max", {"max": 5})
    assert error(conn, {"page_size": 301}, SearchLimits(enabled=True)) == (
        "Maximum SearchCriteria pageSize is %max", {"max": 300})


def test_limits_off(conn):
    page = run(conn, {"page_size": 1000})
    assert len(page.rows) == 6 and page.criteria.dump() == {"filter_groups": [], "page_size": 1000}
    assert run(conn, {}).criteria.dump() == {"filter_groups": []}


def test_invalid_paging(conn):
    msg = 'Invalid value of "%value" provided for the %fieldName field.'
    assert error(conn, {"currentPage": "-1"}) == (msg, {"value": -1, "fieldName": "currentPage"})
    assert error(conn, {"page_size": -5}) == (msg, {"value": -5, "fieldName": "pageSize"})


# --------------------------------------------------------------------------- validation (6.8)

INVALID = 'Invalid value of "%value" provided for the %fieldName field.'


def test_unknown_condition_type(conn):
    assert error(conn, one("qty", "1", "between")) == (INVALID, {"value": "between", "fieldName": "condition_type"})
    assert error(conn, one("qty", "1", "eq; drop table x")) == (
        INVALID, {"value": "eq; drop table x", "fieldName": "condition_type"})


@pytest.mark.parametrize("field", ["nope", "secret", "0", "", "search_item.qty", "qty "])
def test_unknown_or_unfilterable_filter_field(conn, field):
    assert error(conn, one(field, "1")) == (INVALID, {"value": field, "fieldName": "field"})


def test_numeric_filter_field(conn):
    assert error(conn, {"filter_groups": [{"filters": [{"field": 5, "value": "1"}]}]}) == (
        INVALID, {"value": "5", "fieldName": "field"})


def test_missing_filter_field(conn):
    assert error(conn, {"filter_groups": [{"filters": [{"value": "1"}]}]}) == (
        INVALID, {"value": "", "fieldName": "field"})


def test_missing_value(conn):
    for ctype in (None, "eq", "like", "in", "finset"):
        assert error(conn, one("qty", None, ctype)) == (
            '"%fieldName" is required. Enter and try again.', {"fieldName": "value"})


def test_sort_field_restricted_symbols(conn):
    for field in ("qty desc", "qty;", "name,id", "a.b", "(select 1)"):
        assert error(conn, {"sort_orders": [{"field": field, "direction": "ASC"}]}) == (
            "Sort order field %1 contains restricted symbols", [field])


@pytest.mark.parametrize("field", ["nope", "website_ids", "unsortable", ""])
def test_sort_field_unknown_or_unsortable(conn, field):
    assert error(conn, {"sort_orders": [{"field": field, "direction": "ASC"}]}) == (
        INVALID, {"value": field, "fieldName": "field"})


@pytest.mark.parametrize("direction", ["up", "", "ascending", 1, " ASC"])
def test_direction_not_asc_desc(conn, direction):
    assert error(conn, {"sort_orders": [{"field": "qty", "direction": direction}]}) == (
        "The sort order has to be specified as %1 for ascending order or %2 for descending order.", ["ASC", "DESC"])


@pytest.mark.parametrize("direction, php", [(["ASC"], "array"), ({"a": 1}, "array"), (True, "boolean")])
def test_direction_not_a_string(conn, direction, php):
    assert error(conn, {"sort_orders": [{"field": "qty", "direction": direction}]}) == (
        "The sort order has to be specified as a string, got %1.", [php])


def test_criteria_binding_errors_come_from_data_layer():
    with pytest.raises(Exception):
        SearchCriteria.model_validate({"page_size": "abc"})
    with pytest.raises(Exception):
        SearchCriteria.model_validate({"filter_groups": [{"filters": [{"field": "a", "bogus": 1}]}]})


# --------------------------------------------------------------------------- echo

def test_echo_omits_what_was_not_sent(conn):
    page = run(conn, {"filterGroups": [{"filters": [{"field": "qty", "value": 20}]}]})
    assert page.criteria.dump() == {"filter_groups": [{"filters": [{"field": "qty", "value": "20"}]}]}


def test_echo_everything_sent(conn):
    criteria = {
        "filter_groups": [{"filters": [{"field": "qty", "value": "10", "condition_type": "gteq"},
                                       {"field": "name", "value": "%a%", "conditionType": "like"}]}],
        "sort_orders": [{"field": "qty", "direction": "asc"}, {"field": "name", "direction": "DESC"},
                        {"field": "price"}],
        "pageSize": "2", "current_page": "1",
    }
    page = run(conn, criteria)
    assert page.criteria.dump() == {
        "filter_groups": [{"filters": [{"field": "qty", "value": "10", "condition_type": "gteq"},
                                       {"field": "name", "value": "%a%", "condition_type": "like"}]}],
        "sort_orders": [{"field": "qty", "direction": "ASC"}, {"field": "name", "direction": "DESC"},
                        {"field": "price", "direction": None}],
        "page_size": 2, "current_page": 1,
    }


def test_search_results_envelope(conn):
    class Item(DataObject, interface="Vendor\\Test\\Api\\Data\\ItemInterface"):
        id: OrNull[int]
        name: str | None

    class ItemSearchResults(SearchResults[Item], interface="Vendor\\Test\\Api\\Data\\ItemSearchResultsInterface"):
        pass

    results_cls = ItemSearchResults
    assert SearchResults[Item] is SearchResults[Item]
    assert list(results_cls.fields()) == ["items", "search_criteria", "total_count"]
    assert results_cls.fields()["items"].spec.typename == "Vendor\\Test\\Api\\Data\\ItemInterface[]"
    assert results_cls.__interface__ == "Vendor\\Test\\Api\\Data\\ItemSearchResultsInterface"
    page = run(conn, {"page_size": 2, "current_page": 2})
    out = results_cls.of(items=[Item.of(id=r.id, name=r.name) for r in page.rows],
                         search_criteria=page.criteria, total_count=page.total_count).dump()
    assert out == {"items": [{"id": 3, "name": "Green Hat"}, {"id": 4}],
                   "search_criteria": {"filter_groups": [], "page_size": 2, "current_page": 2},
                   "total_count": 6}
    empty = results_cls.of(items=[], search_criteria=run(conn, {}).criteria, total_count=0).dump()
    assert empty == {"items": [], "search_criteria": {"filter_groups": []}, "total_count": 0}


def test_data_object_shapes():
    assert Filter.__interface__ == "Magento\\Framework\\Api\\Filter"
    assert FilterGroup.__interface__ == "Magento\\Framework\\Api\\Search\\FilterGroup"
    assert SortOrder.__interface__ == "Magento\\Framework\\Api\\SortOrder"
    assert SearchCriteria.__interface__ == "Magento\\Framework\\Api\\SearchCriteriaInterface"
    assert list(SearchCriteria.fields()) == ["filter_groups", "sort_orders", "page_size", "current_page"]
    assert SearchCriteria.model_validate({}).dump() == {"filter_groups": None}


# --------------------------------------------------------------------------- safety

def test_client_strings_only_travel_as_parameters(conn):
    """No filter value, pattern or set member appears in the SQL text."""
    statements = []

    @sa.event.listens_for(conn, "before_cursor_execute")
    def capture(conn_, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    marker = "zq'x\"marker"
    for ctype in ("eq", "neq", "like", "nlike", "in", "nin", "finset", "nfinset", "gt"):
        run(conn, {**one("name", marker, ctype), "page_size": 1, "current_page": 2})
        run(conn, one("tags", marker, ctype))
    sa.event.remove(conn, "before_cursor_execute", capture)
    assert statements and not any("marker" in s for s in statements)
