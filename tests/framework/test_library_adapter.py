"""The private names of pydantic and SQLAlchemy that vdcommerce relies on (framework/library_adapter.py)
still do what it relies on: an upgrade that breaks one fails here, with the adapter's name on it."""
import datetime as dt
import decimal

import pytest
import sqlalchemy as sa
from pydantic import BaseModel
from sqlalchemy.dialects import postgresql, sqlite

from vdcommerce.framework.data import DataObject, OrNull, parse_type
from vdcommerce.framework.exceptions import InputException
from vdcommerce.framework.library_adapter import (
    ModelMetaclass, add_fields, bare_instance, bind_processor, is_plain_select, result_processor,
)


# --------------------------------------------------------------------------- pydantic

def test_model_metaclass_is_the_one_of_base_model():
    assert type(BaseModel) is ModelMetaclass
    assert isinstance(DataObject, ModelMetaclass)


def test_bare_instance_is_a_complete_model():
    class Pair(DataObject, interface="Test\\Api\\Data\\PairInterface"):
        left: OrNull[int]
        right: str | None

    obj = bare_instance(Pair, {"left": 1, "right": None}, {"left"})
    assert isinstance(obj, Pair)
    assert obj.left == 1 and obj.right is None
    assert obj.model_fields_set == {"left"}
    assert obj.model_dump() == {"left": 1, "right": None}
    assert obj.model_copy(update={"right": "r"}).right == "r"
    assert obj == Pair.model_validate({"left": 1})
    assert obj.dump() == {"left": 1}
    assert Pair.of(right="x").dump() == {"left": None, "right": "x"}


def test_add_fields_retypes_a_field_to_its_own_class():
    class Node(DataObject, interface="Test\\Api\\Data\\NodeInterface"):
        name: OrNull[str]
        children: list[object] | None

    add_fields(Node, {"children": list[Node] | None})
    node = Node.model_validate({"name": "a", "children": [{"name": "b", "children": [{"name": 3}]}]})
    assert isinstance(node.children[0], Node)
    assert isinstance(node.children[0].children[0], Node)
    assert node.children[0].children[0].name == "3"
    assert node.dump() == {"name": "a", "children": [{"name": "b", "children": [{"name": "3"}]}]}
    assert Node.fields()["children"].spec.typename == "Test\\Api\\Data\\NodeInterface[]"
    spec = parse_type(Node)
    with pytest.raises(InputException) as e:
        spec.convert({"children": [{"colour": "red"}]})
    assert e.value.parameters == ["Colour", "getColour", "Test\\Api\\Data\\NodeInterface"]


def test_add_fields_adds_typed_fields_after_the_declared_ones():
    class Extension(DataObject, interface="Test\\Api\\Data\\ThingExtensionInterface"):
        gift_message: str | None

    add_fields(Extension, {"points": OrNull[int], "label": str | None})
    assert list(Extension.fields()) == ["gift_message", "points", "label"]
    obj = Extension.model_validate({"points": "12", "label": None})
    assert obj.points == 12
    assert obj.sent() == {"points": 12, "label": None}  # label is nullable: null clears it
    assert obj.dump() == {"points": 12}
    assert Extension.of().dump() == {"points": None}
    with pytest.raises(InputException):
        parse_type(Extension).convert({"points": "many"})
    with pytest.raises(TypeError, match="may be empty"):
        add_fields(Extension, {"count": int})


# --------------------------------------------------------------------------- SQLAlchemy

@pytest.mark.parametrize("dialect", [sqlite.dialect(), postgresql.dialect()], ids=["sqlite", "postgresql"])
def test_processors_exist_and_convert(dialect):
    assert bind_processor(sa.Integer(), dialect) is None or bind_processor(sa.Integer(), dialect)(5) == 5
    if dialect.name == "sqlite":
        to_db = bind_processor(sa.DateTime(), dialect)
        from_db = result_processor(sa.DateTime(), dialect)
        assert to_db(dt.datetime(2026, 1, 2, 3, 4, 5)) == "2026-01-02 03:04:05.000000"
        assert from_db("2026-01-02 03:04:05.000000") == dt.datetime(2026, 1, 2, 3, 4, 5)
        assert result_processor(sa.Numeric(10, 2), dialect)(1.5) == decimal.Decimal("1.50")
        assert result_processor(sa.Boolean(), dialect)(1) is True
    else:
        assert result_processor(sa.String(), dialect) is None


def test_plain_select_tells_what_a_count_may_skip():
    t = sa.table("t", sa.column("a"), sa.column("b"))
    assert is_plain_select(sa.select(t).where(t.c.a == 1).order_by(t.c.b))
    assert not is_plain_select(sa.select(t).group_by(t.c.a))
    assert not is_plain_select(sa.select(t).distinct())
    assert not is_plain_select(sa.select(t.c.a).having(sa.func.count() > 1))
    assert not is_plain_select(sa.select(t).limit(5))
    assert not is_plain_select(sa.select(t).offset(5))


def test_add_observations_counts_as_observe_does():
    from prometheus_client import CollectorRegistry, Histogram

    from vdcommerce.framework.library_adapter import add_observations

    registry = CollectorRegistry()
    one, many = (Histogram(name, "h", ["route"], buckets=(0.1, 1.0), registry=registry) for name in ("one", "many"))
    for v in (0.05, 0.5, 0.7, 3.0):
        one.labels("r").observe(v)
    add_observations(many.labels("r"), 0.05 + 0.5 + 0.7 + 3.0, [1, 2, 1])
    assert registry.get_sample_value("many_sum", {"route": "r"}) == registry.get_sample_value("one_sum", {"route": "r"})
    for le in ("0.1", "1.0", "+Inf"):
        assert registry.get_sample_value("many_bucket", {"route": "r", "le": le}) == \
            registry.get_sample_value("one_bucket", {"route": "r", "le": le})
