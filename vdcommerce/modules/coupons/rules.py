"""The module's setting of a cart price rule (``rule.extension_attributes.vdcoupons``): may several codes
of the rule sit on one cart. One row at most per rule; every rule answer carries the object (the
defaults while the rule has no row). A save that sends it creates or updates the row (keys left out
keep their values), ``null`` deletes it, leaving it out keeps it; deleting the rule deletes it."""
from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update

from ...framework.context import Context
from ...framework.exceptions import InputException
from ...platform.salesrule import service as salesrule
from .api import RuleInterface
from .tables import rule as rule_t

_ROWS = select(rule_t).where(rule_t.c.rule_id.in_(bindparam("ids", expanding=True)))
DEFAULTS = {"allow_coupons_same_rule": False, "use_config_value": 1}


def _out(rule_id: int, row: Any) -> RuleInterface:
    if row is None:
        return RuleInterface.of(rule_id=rule_id, **DEFAULTS)
    return RuleInterface.of(entity_id=row.entity_id, rule_id=rule_id,
                            allow_coupons_same_rule=bool(row.allow_coupons_same_rule),
                            use_config_value=row.use_config_value)


class RuleSettings:
    """The extension attribute's handler (etc/extension_attributes.xml)."""

    def load(self, ctx: Context, ids: list[Any]) -> dict[Any, Any]:
        wanted = [int(i) for i in ids if i is not None]
        if not wanted:
            return {}
        rows = {r.rule_id: r for r in ctx.conn.execute(_ROWS, {"ids": wanted})}
        return {i: _out(int(i), rows.get(int(i))) for i in ids if i is not None}

    def save(self, ctx: Context, record_id: Any, value: Any) -> None:
        rule_id = int(record_id)
        if value is None:
            ctx.conn.execute(delete(rule_t).where(rule_t.c.rule_id == rule_id))
            return
        sent = {k: v for k, v in value.sent().items() if k in DEFAULTS and v is not None}
        exists = ctx.conn.execute(select(rule_t.c.entity_id).where(rule_t.c.rule_id == rule_id)).first()
        if exists is None:
            ctx.conn.execute(insert(rule_t).values(rule_id=rule_id, **{**DEFAULTS, **sent}))
        elif sent:
            ctx.conn.execute(update(rule_t).where(rule_t.c.rule_id == rule_id).values(**sent))


def check_rule(ctx: Context, record: dict[str, Any], sent_extension: Any) -> None:
    """``use_config_value`` is 0 or 1, checked before anything of the rule is written."""
    ext = sent_extension.sent() if sent_extension is not None else {}
    value = ext.get("vdcoupons")
    if value is None:
        return
    use_config = value.sent().get("use_config_value")
    if use_config is not None and use_config not in (0, 1):
        raise InputException.invalid_value("use_config_value", use_config)


def rule_deleted(ctx: Context, *, rule_id: Any, **_: Any) -> None:
    ctx.conn.execute(delete(rule_t).where(rule_t.c.rule_id == int(rule_id)))


salesrule.RULE_CHECKS.append(check_rule)
