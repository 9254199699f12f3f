"""``db.in_ids``: a ``Query`` taking a list of ids as one parameter, on SQLite and on PostgreSQL."""
import uuid

import pytest
import sqlalchemy as sa

from vdcommerce.framework.db import Query, in_ids

PG_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"

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
    drop = None
    if request.param == "sqlite":
        eng = sa.create_engine(f"sqlite:///{tmp_path_factory.mktemp('ids') / 'ids.db'}")
    else:
        name = "vd_ids_" + uuid.uuid4().hex[:12]
        admin = sa.create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(sa.text(f'CREATE DATABASE "{name}"'))
        eng = sa.create_engine(PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name)

        def drop():
            with admin.connect() as c:
                c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
    metadata.create_all(eng)
    with eng.begin() as c:
        c.execute(things.insert(), [{"id": i, "name": f"n{i}"} for i in range(1, 41)])
    yield eng
    eng.dispose()
    if drop:
        drop()


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
