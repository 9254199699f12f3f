"""Running the Alembic history (``vdcommerce db upgrade``) without an alembic.ini."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from . import db

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def upgrade(revision: str = "heads") -> None:
    cfg = alembic_config()
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def revision(message: str) -> None:
    """Autogenerate a migration from the difference between the tables and the database."""
    cfg = alembic_config()
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        command.revision(cfg, message=message, autogenerate=True)


def check() -> None:
    """Fail when the declared tables differ from what the migrations create."""
    cfg = alembic_config()
    with db.get_engine().begin() as conn:
        cfg.attributes["connection"] = conn
        command.check(cfg)
