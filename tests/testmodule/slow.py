"""A request whose database work never ends by itself: it stores a thing, then runs a query that would
take hours (PostgreSQL sleeps; SQLite counts to ten billion in a recursive query), so that a test
sees the statement limit end it, roll the thing back and free the worker.

Only on a server started with ``VDC_TESTMODULE_SLOW=1`` (the time-limit tests): on every other test
server the route stores its thing and answers at once, so the suites that call every route (the ACL
matrix, the hostile input, the generated requests) do not wait for a limit to end it."""
from __future__ import annotations

import os

from sqlalchemy import insert, text

from vdcommerce.framework.context import Service

from .tables import thing

_ENDLESS = {
    "postgresql": "SELECT pg_sleep(36000)",
    "sqlite": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000000000) "
              "SELECT max(i) FROM n",
}


class SlowManagement(Service):
    interface = "Vendor\\Testmodule\\Api\\SlowManagementInterface"
    summary = "A request that runs too long"

    def run(self, title: str) -> int:
        """Stores a thing called ``title``, then waits on the database for hours."""
        self.ctx.conn.execute(insert(thing).values(title=title, qty=0, is_active=True))
        if os.environ.get("VDC_TESTMODULE_SLOW") != "1":
            return 0
        return int(self.ctx.conn.execute(text(_ENDLESS[self.ctx.conn.dialect.name])).scalar() or 0)
