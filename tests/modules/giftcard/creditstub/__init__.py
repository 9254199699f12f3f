"""A stand-in for a store credit module in the gift card tests: it observes
``vdgiftcard_redeem_to_store_credit`` and writes each payload, with its value types, to
``<var_dir>/redeemed.jsonl``, so a test can see what a store credit module would be told."""
import json
from typing import Any

from vdcommerce.settings import get_settings


def record(ctx: Any, **payload: Any) -> None:
    line = {key: [str(value), type(value).__name__] for key, value in sorted(payload.items())}
    with open(get_settings().var_dir / "redeemed.jsonl", "a") as f:
        f.write(json.dumps(line) + "\n")
