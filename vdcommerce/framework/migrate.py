"""Running the Alembic history (``vdcommerce db ...``) without an alembic.ini.

Each package keeps its revisions next to its tables, in its own ``migrations/`` folder; the version
locations are collected from the discovered packages. The platform's revisions form one line of
history (branch label ``platform``); every vendor module, and every extra package, is a branch of its
own labelled with its short name, which ``depends_on`` the platform revisions it needs.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import Script, ScriptDirectory
from sqlalchemy import Connection, Table, inspect, text

from . import db
from .packages import Package, discover_packages

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
PLATFORM = "platform"  # the branch label of the platform's line of history


class MigrationError(Exception):
    """A migration command cannot be carried out as asked."""


def is_platform(package: Package) -> bool:
    return package.name.startswith("vdcommerce.platform.")


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    cfg.set_main_option("version_locations",
                        os.pathsep.join(str(p.path / "migrations") for p in discover_packages()))
    return cfg


def upgrade() -> None:
    """Apply every branch up to its head, first moving a database of the one-folder layout over."""
    cfg = alembic_config()
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        heads = _heads_of_one_folder_layout(conn)
        if heads:
            command.stamp(cfg, heads, purge=True)
        command.upgrade(cfg, "heads")


def revision(package_name: str, message: str) -> Path:
    """Autogenerate a revision of one package's tables into its ``migrations/`` folder; its path.

    A platform package's revision continues the platform's line; a module's continues the module's
    branch, or starts it (depending on the platform's current head) when the module has none yet.
    The database must be up to date, since the tables are compared with it."""
    package = find_package(package_name)
    tables = declared_tables(package)
    if not tables:
        raise MigrationError(f"package {package.short!r} declares no tables")
    cfg = alembic_config()
    script = ScriptDirectory.from_config(cfg)
    head, branch_label, depends_on = f"{PLATFORM}@head", None, None
    if not is_platform(package):
        if any(package.short in s.branch_labels for s in script.walk_revisions()):
            head = f"{package.short}@head"
        else:
            platform_head = script.get_revision(f"{PLATFORM}@head")
            assert platform_head is not None
            head, branch_label, depends_on = "base", package.short, platform_head.revision
    cfg.attributes["tables"] = tables
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        written = command.revision(cfg, message=message, autogenerate=True, head=head, branch_label=branch_label,
                                   depends_on=depends_on, version_path=str(package.path / "migrations"))
    assert isinstance(written, Script)
    return Path(written.path)


def check() -> None:
    """Fail when the declared tables differ from what the migrations create."""
    cfg = alembic_config()
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        command.check(cfg)


def find_package(name: str) -> Package:
    """A discovered package by its short name (``faq``) or its full one (``vdcommerce.modules.faq``)."""
    packages = discover_packages()
    for p in packages:
        if name in (p.short, p.name):
            return p
    raise MigrationError(f"no package named {name!r}; packages: {', '.join(p.short for p in packages)}")


def declared_tables(package: Package) -> set[str]:
    """The names of the tables the package's ``tables.py`` declares on the shared metadata."""
    try:
        module = importlib.import_module(f"{package.name}.tables")
    except ModuleNotFoundError as e:
        if e.name == f"{package.name}.tables":
            return set()
        raise
    return {t.name for t in vars(module).values() if isinstance(t, Table) and t.metadata is db.metadata}


# --------------------------------------------------------------------------- the one-folder layout

# Until per-package histories, every revision lived in vdcommerce/migrations/versions, and the FAQ
# module's revision sat in the platform's line: 0001_core <- 0002_customer <- 0003_faq <- each of
# 0004_async ... 0008_sales, so such a database holds those five heads. The same revisions (same ids,
# same schema) now form the platform's line below and the ``faq`` branch.
_AFTER_FAQ = ("0004_async", "0005_catalog", "0006_salesrule", "0007_quote", "0008_sales")
_PLATFORM_LINE = ("0001_core", "0002_customer", *_AFTER_FAQ)


def _heads_of_one_folder_layout(conn: Connection) -> list[str]:
    """For a database stamped by the one-folder layout, the heads that say the same in the new graph;
    otherwise nothing.

    Only that layout records nothing but platform revisions after 0003_faq (0003_faq was their
    ancestor, so it is not recorded) while the FAQ tables exist."""
    inspector = inspect(conn)
    if not inspector.has_table("alembic_version"):
        return []
    current = set(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())
    if not current or not current <= set(_AFTER_FAQ) or not inspector.has_table("vendor_faq_question"):
        return []
    # what was applied: the recorded heads and their common ancestors
    applied = current | {"0001_core", "0002_customer"}
    line = [rev for rev in _PLATFORM_LINE if rev in applied]
    if list(_PLATFORM_LINE[:len(line)]) != line:
        missing = [rev for rev in _PLATFORM_LINE[:_PLATFORM_LINE.index(line[-1])] if rev not in applied]
        raise MigrationError(f"this database has {', '.join(sorted(current))} but not {', '.join(missing)}, "
                             "which the platform's history now puts before them; run the previous "
                             "release's `vdcommerce db upgrade` on it first")
    return [line[-1], "0003_faq"]
