"""Demo settings: cash on delivery switched on for a few postal codes (New York 10001, 10010 to 10020,
London SW1A 1AA) with a fixed 2.50 fee. Nothing is changed where a setting was stored already."""
from sqlalchemy import Connection

from ...platform.config.service import get_value, set_value

SETTINGS = {
    "payment/cashondelivery/active": "1",
    "payment/cashondelivery/postal_code_verification": "1",
    "payment/cashondelivery/allowed_postal_codes": "10001, 10010/10020, SW1A 1AA",
    "payment/cashondelivery/fee_enabled": "1",
    "payment/cashondelivery/fee_type": "fixed",
    "payment/cashondelivery/fee_amount": "2.50",
}


def load(conn: Connection) -> None:
    for path, value in SETTINGS.items():
        if get_value(conn, {}, path) is None:
            set_value(conn, path, value)
