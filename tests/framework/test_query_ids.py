"""``db.in_ids``: a ``Query`` taking a list of ids as one parameter, on SQLite and on PostgreSQL."""
import pytest
import sqlalchemy as sa

from tests.helpers.harness import scratch_engine
from vdcommerce.framework.db import Query, in_ids

metadata = sa.MetaData()
things = sa.Table(
    "ids_thing", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(16), nullable=False),
)
BY_IDS = Query(sa.select(things.c.id, things.c.name).where(in_ids(things.c.id, "ids")).order_by(things.c.id))
BY_IDS_AND_NAME = Query(sa.select(things.c.id).where(in_ids(things.c.id, "ids"), things.c.name != sa.bindparam("name"))
                        .order_by(things.c.id))


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(request, tmp_path_factory):
    with scratch_engine(request.param, tmp_path_factory.mktemp("ids"), "vd_ids") as eng:
        metadata.create_all(eng)
        with eng.begin() as c:
            c.execute(things.insert(), [{"id": i, "name": f"n{i}"} for i in range(1, 41)])
        yield eng


def test_the_rows_of_the_listed_ids_whatever_the_list_length(engine):
    with engine.begin() as conn:
        assert [tuple(r) for r in BY_IDS.all(conn, ids=[3])] == [(3, "n3")]
        assert [r.id for r in BY_IDS.all(conn, ids=[40, 2, 7, 2, 999])] == [2, 7, 40]  # repeats, unknown ids
        assert [r.id for r in BY_IDS.all(conn, ids=range(1, 41))] == list(range(1, 41))
        assert BY_IDS.all(conn, ids=[]) == []
        assert [r.id for r in BY_IDS_AND_NAME.all(conn, ids=[1, 2, 3], name="n2")] == [1, 3]


def test_sqlalchemy_runs_it_too(engine):
    with engine.begin() as conn:
        stmt = sa.select(things.c.name).where(in_ids(things.c.id, "ids")).order_by(things.c.id)
        assert conn.execute(stmt, {"ids": [5, 4]}).scalars().all() == ["n4", "n5"]
        assert conn.execute(stmt, {"ids": [6]}).scalars().all() == ["n6"]
