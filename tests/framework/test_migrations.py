"""Per-package migrations through the `vdcommerce db` commands, on the database VDC_TEST_DB chooses.

The platform's revisions form one line labelled ``platform``; each vendor module (and each extra
package) is a branch of its own labelled with its short name. A database made by the previous
release, whose revisions all sat in one folder, upgrades onto that graph without losing a row.
"""
from __future__ import annotations

import io
import os
import secrets
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from tests.helpers import unique
from tests.helpers.harness import ADMIN_PASSWORD, ROOT, Database, Server
from vdcommerce.framework.migrate import alembic_config

pytestmark = pytest.mark.long_file(200)  # seconds on a busy machine: handed out early (tests/helpers/order.py)

PREVIOUS_RELEASE = "54b02c3"  # the last release with every revision in vdcommerce/migrations/versions
OLD_HEADS = {"0004_async", "0005_catalog", "0006_salesrule", "0007_quote", "0008_sales"}
HEADS = {  # the platform's head, then each vendor module's
    "0025_asyncoperations",
    "0004_faq",
    "0001_exitpopup",
    "0001_rewards",
    "0001_promotions",
    "0001_shippingtablerates",
    "0001_shiprules",
    "0001_storepickupwithlocator",
    "0002_giftcard",
    "0001_extrafee",
    "0001_shippingbar",
    "0002_storecredit",
    "0001_storepickup",
    "0001_recurringwallet",
    "0001_orderattr",
    "0001_onestepcheckout",
    "0001_giftwrap",
    "0001_orderarchive",
    "0001_customerlogin",
    "0001_customform",
    "0001_shopbypage",
    "0001_xlanding",
    "0001_requestquote",
    "0001_finder",
    "0001_ccpa",
    "0001_label",
    "0001_customtabs",
    "0001_prot",
    "0001_productattachment",
    "0001_megamenu",
    "0001_reports",
    "0001_cancelorder",
    "0001_rma",
    "0001_coupons",
}
PLATFORM_HEAD = "0025_asyncoperations"
MOVED_AWAY = {"sales_outbox"}  # its rows move to mail_message (0009_mail)
PLATFORM_LINE = ["0001_core", "0002_customer", "0004_async", "0005_catalog", "0006_salesrule", "0007_quote",
                 "0008_sales", "0009_mail", "0010_cron", "0011_newsletter", "0012_store", "0013_media",
                 "0014_catalog", "0015_sales", "0016_quote", "0017_backpressure", "0018_quote", "0019_cron",
                 "0020_tax", "0021_customer", "0022_cms", "0025_asyncoperations"]


def run(db: Database, tmp: Path, *args: str, code: Path | None = None, check: bool = True,
        **env: str) -> subprocess.CompletedProcess:
    """``python -m vdcommerce ARGS`` on the database; ``code``: a folder holding another ``vdcommerce``."""
    environ = {**os.environ, "VDC_DATABASE_URL": db.url, "VDC_VAR_DIR": str(tmp / "var"),
               "VDC_SECRET_KEY": "test-" + secrets.token_hex(8), "VDC_EXTRA_PACKAGES": "", **env}
    if code is not None:
        environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(code), env.get("PYTHONPATH")]))
    res = subprocess.run([sys.executable, "-m", "vdcommerce", *args], env=environ, capture_output=True, text=True,
                         cwd=code or ROOT)
    if check and res.returncode != 0:
        raise AssertionError(f"vdcommerce {' '.join(args)} failed:\n{res.stdout}\n{res.stderr}")
    return res


def versions(db: Database) -> set[str]:
    with db.engine.connect() as c:
        return set(c.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())


def row_counts(db: Database) -> dict[str, int]:
    with db.engine.connect() as c:
        names = sa.inspect(c).get_table_names()
        return {n: c.execute(sa.text(f'SELECT count(*) FROM "{n}"')).scalar_one() for n in names
                if n != "alembic_version"}


def schema(db: Database) -> dict[str, tuple]:
    """Every table's columns, indexes, unique and foreign keys, as the database reports them."""
    with db.engine.connect() as c:
        i = sa.inspect(c)
        return {t: (sorted((col["name"], str(col["type"]), col["nullable"]) for col in i.get_columns(t)),
                    sorted((x["name"], tuple(x["column_names"]), bool(x["unique"])) for x in i.get_indexes(t)),
                    sorted((x["name"], tuple(x["column_names"])) for x in i.get_unique_constraints(t)),
                    sorted((x["name"], tuple(x["constrained_columns"]), x["referred_table"])
                           for x in i.get_foreign_keys(t)))
                for t in i.get_table_names()}


@pytest.fixture
def database(tmp_path):
    db = Database(tmp_path)
    yield db
    db.drop()


@pytest.fixture(scope="module")
def previous_release(tmp_path_factory) -> Path:
    """The previous release's ``vdcommerce`` package, from the repository's history."""
    res = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", PREVIOUS_RELEASE, "vdcommerce"],
                         capture_output=True)
    assert res.returncode == 0, f"git archive {PREVIOUS_RELEASE} failed (a clone with full history is needed): " \
                                f"{res.stderr.decode()}"
    folder = tmp_path_factory.mktemp("previous-release")
    with tarfile.open(fileobj=io.BytesIO(res.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


@pytest.fixture
def code_copy(tmp_path) -> Path:
    """A copy of the ``vdcommerce`` package to change tables in: generated files land there, not in the tree."""
    folder = tmp_path / "code"
    shutil.copytree(ROOT / "vdcommerce", folder / "vdcommerce", ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def add_column(tables_py: Path, after: str, column: str) -> None:
    text = tables_py.read_text()
    assert after in text
    tables_py.write_text(text.replace(after, after + "\n    " + column, 1))


# --------------------------------------------------------------------------- the graph

def test_heads_are_labelled_per_package(monkeypatch):
    monkeypatch.setenv("VDC_EXTRA_PACKAGES", "")
    script = ScriptDirectory.from_config(alembic_config())
    assert set(script.get_heads()) == HEADS
    assert script.get_revisions("platform@head")[0].revision == PLATFORM_HEAD
    assert script.get_revisions("faq@head")[0].revision == "0004_faq"

    # the platform: one line, from its root to its head, every revision in a platform package's folder
    line = []
    rev = script.get_revision(PLATFORM_HEAD)
    while rev is not None:
        assert isinstance(rev.down_revision, (str, type(None))), f"{rev.revision} merges"
        assert Path(rev.path).parent.parent.parent == ROOT / "vdcommerce" / "platform", rev.path
        line.insert(0, rev.revision)
        rev = script.get_revision(rev.down_revision) if rev.down_revision else None
    assert line == PLATFORM_LINE
    assert script.get_revision("0001_core").branch_labels == {"platform"}
    assert all(len(script.get_revision(r).nextrev) <= 1 for r in line)

    # the FAQ module: its own branch in its own folder, depending on the platform's root
    faq = script.get_revision("0003_faq")
    assert faq.down_revision is None and faq.branch_labels == {"faq"}
    assert faq.dependencies == "0001_core"
    assert Path(faq.path).parent == ROOT / "vdcommerce" / "modules" / "faq" / "migrations"
    assert not (ROOT / "vdcommerce" / "migrations" / "versions").exists()


# --------------------------------------------------------------------------- upgrade

def test_a_fresh_database_gets_every_head(database, tmp_path):
    assert "Database is up to date." in run(database, tmp_path, "db", "upgrade").stdout
    assert versions(database) == HEADS
    assert "Tables and migrations agree." in run(database, tmp_path, "db", "check").stdout
    before = row_counts(database)
    assert before["store"] == 2 and before["vendor_faq_question"] == 0  # the default scope tree is seeded
    run(database, tmp_path, "db", "upgrade")  # nothing left to do
    assert versions(database) == HEADS and row_counts(database) == before


def test_a_database_of_the_previous_release_upgrades_without_losing_a_row(previous_release, tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "fresh").mkdir()
    old, fresh = Database(tmp_path / "old"), Database(tmp_path / "fresh")
    srv = None
    try:
        # the previous release builds the database and puts rows in it
        run(old, tmp_path, "db", "upgrade", code=previous_release)
        assert versions(old) == OLD_HEADS  # five unlabelled heads: it really is the one-folder layout
        run(old, tmp_path, "admin", "create", "--username", "veteran", "--password", ADMIN_PASSWORD,
            code=previous_release)
        title = unique("Asked before the upgrade ")
        insert = ("import datetime as dt\n"
                  "from vdcommerce.framework import db\n"
                  "from vdcommerce.modules.faq.tables import question, question_store\n"
                  "now = dt.datetime.now()\n"
                  "with db.transaction() as c:\n"
                  f"    qid = c.execute(question.insert().values(title={title!r}, status=1, created_at=now,"
                  " updated_at=now)).inserted_primary_key[0]\n"
                  "    c.execute(question_store.insert().values(question_id=qid, store_id=0))\n"
                  "    print(qid)\n")
        environ = {**os.environ, "VDC_DATABASE_URL": old.url, "PYTHONPATH": str(previous_release)}
        res = subprocess.run([sys.executable, "-c", insert], env=environ, capture_output=True, text=True,
                             cwd=previous_release)
        assert res.returncode == 0, res.stderr
        question_id = int(res.stdout)
        before = row_counts(old)
        assert before["admin_user"] == 1 and before["vendor_faq_question"] == 1

        # this release moves it onto the new graph and finds nothing to change
        run(old, tmp_path, "db", "upgrade")
        assert versions(old) == HEADS
        after = row_counts(old)  # later revisions add tables; the ones that were there keep every row
        assert set(before) - set(after) <= MOVED_AWAY
        assert {n: after[n] for n in before if n in after} == {n: c for n, c in before.items() if n in after}
        assert "Tables and migrations agree." in run(old, tmp_path, "db", "check").stdout
        run(old, tmp_path, "db", "upgrade")
        assert versions(old) == HEADS

        # the same schema as a database this release creates
        run(fresh, tmp_path, "db", "upgrade")
        assert schema(old) == schema(fresh)

        # and the server serves the old rows
        srv = Server(tmp_path, old)
        token = srv.token("veteran", ADMIN_PASSWORD)
        with srv.client(token) as c:
            r = c.get("/V1/vendor_faq/question", params={"questionId": question_id})
        assert r.status_code == 200, r.text
        assert r.json()["title"] == title
    finally:
        if srv is not None:
            srv.stop()
        old.drop()
        fresh.drop()


def test_a_one_folder_database_with_a_gap_is_refused_untouched(database, tmp_path):
    run(database, tmp_path, "db", "upgrade")
    with database.engine.begin() as c:  # as if made while 0005_catalog existed but 0004_async did not
        c.execute(sa.text("DELETE FROM alembic_version"))
        c.execute(sa.text("INSERT INTO alembic_version (version_num) VALUES ('0005_catalog')"))
    res = run(database, tmp_path, "db", "upgrade", check=False)
    assert res.returncode == 1
    assert "0004_async" in res.stderr and "Traceback" not in res.stderr
    assert versions(database) == {"0005_catalog"}


# --------------------------------------------------------------------------- revision --package

def test_revision_covers_one_package_and_lands_in_its_folder(database, tmp_path, code_copy):
    package = code_copy / "vdcommerce"
    faq_folder = package / "modules" / "faq" / "migrations"
    customer_folder = package / "platform" / "customer" / "migrations"
    run(database, tmp_path, "db", "upgrade", code=code_copy)
    add_column(package / "modules" / "faq" / "tables.py", 'Column("title", Text, nullable=False),',
               'Column("reviewer_note", String(64), nullable=True),')
    add_column(package / "platform" / "customer" / "tables.py", '"customer_entity", metadata,',
               'Column("nickname", String(32), nullable=True),')

    run(database, tmp_path, "db", "revision", "--package", "faq", "-m", "reviewer note", code=code_copy)
    [written] = [p for p in faq_folder.glob("*.py") if p.name not in ("0003_faq.py", "0004_faq.py")]
    text = written.read_text()
    assert "down_revision = '0004_faq'" in text and "branch_labels = None" in text
    assert "reviewer_note" in text and "nickname" not in text  # the customer's change is not the FAQ's

    # the database must carry the FAQ revision before the next one is compared with it
    res = run(database, tmp_path, "db", "revision", "--package", "customer", "-m", "nickname", code=code_copy,
              check=False)
    assert res.returncode == 1 and "not up to date" in res.stderr and "Traceback" not in res.stderr
    run(database, tmp_path, "db", "upgrade", code=code_copy)

    run(database, tmp_path, "db", "revision", "--package", "customer", "-m", "nickname", code=code_copy)
    [written] = [p for p in customer_folder.glob("*.py") if p.name not in ("0002_customer.py", "0021_customer.py")]
    text = written.read_text()
    assert f"down_revision = '{PLATFORM_HEAD}'" in text and "nickname" in text and "reviewer_note" not in text

    run(database, tmp_path, "db", "upgrade", code=code_copy)
    assert run(database, tmp_path, "db", "check", code=code_copy).returncode == 0
    assert len(versions(database)) == len(HEADS)  # the customer's revision is the platform's head now
    with database.engine.connect() as c:
        columns = {col["name"] for col in sa.inspect(c).get_columns("customer_entity")}
    assert "nickname" in columns
    # nothing was written into the tree itself
    assert sorted(p.name for p in (ROOT / "vdcommerce" / "modules" / "faq" / "migrations").glob("*.py")) == \
        ["0003_faq.py", "0004_faq.py"]


def test_a_new_modules_first_revision_starts_its_branch(database, tmp_path):
    extra = tmp_path / "extra" / "vdc_test_shelf"
    extra.mkdir(parents=True)
    (extra / "__init__.py").write_text("from . import tables  # noqa: F401\n")
    (extra / "tables.py").write_text(
        "from sqlalchemy import Column, ForeignKey, Integer, String, Table\n"
        "from vdcommerce.framework.db import metadata\n"
        "shelf = Table('vendor_shelf', metadata, Column('shelf_id', Integer, primary_key=True),\n"
        "              Column('store_id', Integer, ForeignKey('store.store_id'), nullable=False),\n"
        "              Column('name', String(64), nullable=False))\n")
    env = {"VDC_EXTRA_PACKAGES": "vdc_test_shelf", "PYTHONPATH": str(tmp_path / "extra")}
    run(database, tmp_path, "db", "upgrade", **env)
    assert versions(database) == HEADS

    run(database, tmp_path, "db", "revision", "--package", "vdc_test_shelf", "-m", "shelves", **env)
    [written] = (extra / "migrations").glob("*.py")
    text = written.read_text()
    assert "down_revision = None" in text and "branch_labels = ('vdc_test_shelf',)" in text
    assert f"depends_on = '{PLATFORM_HEAD}'" in text and "create_table('vendor_shelf'" in text

    run(database, tmp_path, "db", "upgrade", **env)
    # the platform's head is implied by the new branch's dependency, so Alembic records it no more
    assert versions(database) == HEADS - {PLATFORM_HEAD} | {written.name.split("_", 1)[0]}
    assert run(database, tmp_path, "db", "check", **env).returncode == 0
    with database.engine.connect() as c:
        assert sa.inspect(c).has_table("vendor_shelf")


@pytest.mark.parametrize("package, message", [("nosuch", "no package named 'nosuch'"),
                                              ("checkout", "package 'checkout' declares no tables")])
def test_revision_refuses_a_package_it_cannot_serve(database, tmp_path, package, message):
    res = run(database, tmp_path, "db", "revision", "--package", package, "-m", "x", check=False)
    assert res.returncode == 1
    assert message in res.stderr and "Traceback" not in res.stderr
