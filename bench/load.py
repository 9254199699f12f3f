"""Fill the FAQ question tables with plausible rows, fast (SQLAlchemy Core executemany, one transaction).

The columns are read from the ``Table`` objects at run time (``table.c``): every column the FAQ
question is known to have gets a value that looks like shop data, and any other column that is
NOT NULL without a default gets a value of its type, so the loader keeps working as the schema grows.
"""
from __future__ import annotations

import datetime as dt
import random
from typing import Any, Callable

import sqlalchemy as sa

BATCH = 5_000

_TOPICS = ["delivery", "returns", "gift cards", "sizing", "warranty", "payment", "my account",
           "international shipping", "order tracking", "discount codes", "product care", "invoices"]
_VERBS = ["change", "cancel", "track", "use", "find", "update", "combine", "check", "apply", "return"]
_NAMES = ["Ana", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas",
          "Kemal", "Lucia", "Mateo", "Nadia", "Oskar", "Priya"]
_FILLER = ("You can do this from your account dashboard. Open the orders section, choose the order "
           "and follow the steps on screen; changes are confirmed by e-mail within a few minutes. "
           "If the option is not shown, the order has already been handed to the carrier and our "
           "support team will help you by phone or chat during opening hours. ")
_BASE_TIME = dt.datetime(2024, 1, 1, 8, 0, 0)


def _base_type(col: sa.Column) -> sa.types.TypeEngine:
    t = col.type
    while isinstance(t, sa.types.TypeDecorator):
        t = t.impl_instance if hasattr(t, "impl_instance") else t.impl
    return t


def _coerce(col: sa.Column, value: Any) -> Any:
    """Fit a value to the column's type (and a string to its length)."""
    t = _base_type(col)
    if value is None:
        return None
    if isinstance(t, sa.Boolean):
        return bool(value)
    if isinstance(t, sa.Integer):
        return int(value)
    if isinstance(t, (sa.Numeric, sa.Float)):
        return float(value) if isinstance(t, sa.Float) else value
    if isinstance(t, sa.DateTime):
        return value if isinstance(value, dt.datetime) else _BASE_TIME
    if isinstance(t, sa.Date):
        return value.date() if isinstance(value, dt.datetime) else value
    if isinstance(t, sa.JSON):
        return value
    if isinstance(t, sa.String):
        s = str(value)
        return s[: t.length] if t.length else s
    return value


def _type_value(col: sa.Column, i: int) -> Any:
    """A value of the column's type for a column the loader does not know by name."""
    t = _base_type(col)
    if isinstance(t, sa.Boolean):
        return False
    if isinstance(t, sa.Integer):
        return 0
    if isinstance(t, (sa.Numeric, sa.Float)):
        return 0
    if isinstance(t, sa.DateTime):
        return _BASE_TIME + dt.timedelta(minutes=i)
    if isinstance(t, sa.Date):
        return _BASE_TIME.date()
    if isinstance(t, sa.JSON):
        return {}
    if isinstance(t, sa.String):
        # unique enough for a unique index, short enough for any length
        return _coerce(col, f"{col.name[:8]}-{i}")
    return None


def _needs_value(col: sa.Column) -> bool:
    return (not col.nullable and col.default is None and col.server_default is None
            and not (col.primary_key and col.autoincrement in (True, "auto")
                     and isinstance(_base_type(col), sa.Integer)))


def _question_values(rng: random.Random) -> dict[str, Callable[[int], Any]]:
    def title(i):
        return f"How do I {_VERBS[i % len(_VERBS)]} {_TOPICS[(i // 7) % len(_TOPICS)]} (question {i})?"

    def short(i):
        return f"Yes: see the {_TOPICS[(i // 7) % len(_TOPICS)]} page of your account (ref {i})."

    def created(i):
        return _BASE_TIME + dt.timedelta(minutes=i)

    state: dict[str, int] = {}

    def positive(i):
        state["pos"] = rng.randint(0, 60)
        return state["pos"]

    def negative(i):
        state["neg"] = rng.randint(0, 12)
        return state["neg"]

    return {
        "question_id": lambda i: i,
        "title": title,
        "short_answer": short,
        "answer": lambda i: f"<p>{_FILLER}</p><p>Reference {i}.</p>",
        "visibility": lambda i: rng.choice((1, 1, 1, 2, 0)),
        "status": lambda i: 1 if rng.random() < 0.7 else 0,
        "position": lambda i: rng.randint(0, 9_999),
        "name": lambda i: rng.choice(_NAMES),
        "email": lambda i: f"customer{i}@example.com",
        "url_key": lambda i: f"question-{i}",
        "positive_rating": positive,
        "negative_rating": negative,
        "total_rating": lambda i: state.get("pos", 0) + state.get("neg", 0),
        "visit_count": lambda i: rng.randint(0, 5_000),
        "exclude_sitemap": lambda i: rng.random() < 0.05,
        "is_show_full_answer": lambda i: rng.random() < 0.2,
        "product_ids": lambda i: "" if i % 3 else f"{i % 500 + 1},{i % 700 + 2}",
        "customer_groups": lambda i: "0,1,2,3",
        "canonical_url": lambda i: "",
        "meta_title": lambda i: title(i)[:60],
        "meta_description": short,
        "meta_robots": lambda i: "INDEX,FOLLOW",
        "asked_from_store": lambda i: 1,
        "created_at": created,
        "updated_at": created,
    }


def _plan(table: sa.Table, known: dict[str, Callable[[int], Any]]):
    """(column, value function) for every column a row fills, in table order."""
    plan = []
    for col in table.c:
        if col.name in known:
            plan.append((col, known[col.name]))
        elif _needs_value(col):
            plan.append((col, lambda i, _c=col: _type_value(_c, i)))
    return plan


def _rows(plan, start: int, stop: int) -> list[dict[str, Any]]:
    return [{col.name: _coerce(col, fn(i)) for col, fn in plan} for i in range(start, stop)]


def load_questions(engine: sa.Engine, question: sa.Table, question_store: sa.Table,
                   rows: int, store_id: int = 1, seed: int = 20240101) -> dict[str, Any]:
    """Insert ``rows`` questions (ids 1..rows), each linked to ``store_id``; return what was loaded."""
    rng = random.Random(seed)
    q_plan = _plan(question, _question_values(rng))
    s_plan = _plan(question_store, {"question_id": lambda i: i, "store_id": lambda i: store_id})
    status_1 = 0
    with engine.begin() as conn:
        for start in range(1, rows + 1, BATCH):
            stop = min(start + BATCH, rows + 1)
            batch = _rows(q_plan, start, stop)
            status_1 += sum(1 for r in batch if r.get("status") == 1)
            conn.execute(question.insert(), batch)
            conn.execute(question_store.insert(), _rows(s_plan, start, stop))
    return {"rows": rows, "status_1": status_1, "store_id": store_id,
            "columns_filled": [c.name for c, _ in q_plan]}
