"""The route table and the ACL tree as the server builds them, and an admin granted given resources, for the
ACL matrix (``tests/webapi/test_acl_matrix.py``).

The table comes from ``vdcommerce routes --json`` run with the server's environment: the same packages
(the test module included) compiled by the same code as the serving process, whatever this test process
has imported before."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
import sqlalchemy as sa

from tests.helpers import unique
from tests.helpers.harness import ADMIN_PASSWORD, ADMIN_USER
from vdcommerce.framework.packages import discover_packages
from vdcommerce.platform.integration.tables import admin_role, admin_user
from vdcommerce.webapi.declarations import read_acl

ANONYMOUS, SELF = "anonymous", "self"
DENIED = "The consumer isn't authorized to access %resources."


@dataclass(frozen=True)
class RouteRow:
    method: str
    path: str                      # /V1/carts/:cartId/items
    resources: tuple[str, ...]
    owner: str | None              # on a resource-or-owner route: the path parameter naming the owned record
    guest_access: str | None       # the flag a guest (no token) needs on this anonymous route
    secure: bool

    @property
    def params(self) -> list[str]:
        return [s[1:] for s in self.path.split("/") if s.startswith(":")]

    @property
    def admin_resources(self) -> tuple[str, ...]:
        return tuple(r for r in self.resources if r not in (ANONYMOUS, SELF))

    @property
    def is_self(self) -> bool:
        return SELF in self.resources

    def __str__(self) -> str:
        return f"{self.method} {self.path} [{', '.join(self.resources)}]"


def route_table(server) -> list[RouteRow]:
    rows = json.loads(server.cli("routes", "--json").stdout)
    return [RouteRow(r["method"], r["path"], tuple(r["resources"]), r["owner"], r["guest_access"], r["secure"])
            for r in rows]


def acl_parents(server) -> dict[str, str | None]:
    """Each ACL resource id and its parent, read from the packages the server loads (``read_acl``)."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("VDC_EXTRA_PACKAGES", server.env["VDC_EXTRA_PACKAGES"])
        return {rid: node.parent for rid, node in read_acl(discover_packages()).items()}


def ancestry(parents: dict[str, str | None], rid: str) -> set[str]:
    """The resource and its ancestors: a grant of any of them covers it."""
    out: set[str] = set()
    cur: str | None = rid
    while cur is not None and cur not in out:
        out.add(cur)
        cur = parents.get(cur)
    return out


class GrantedAdmin:
    """An admin user whose role grants what the test sets before a call: the server reads the role with
    the token on every request, so one sign-in serves every resource set (a copy of the suite's admin
    user, same password, with a role of its own)."""

    def __init__(self, server, resources: tuple[str, ...]):
        self.engine = server.db.engine
        self.resources = tuple(sorted(resources))
        self.username = unique("acl-")
        with self.engine.begin() as c:
            password = c.execute(sa.select(admin_user.c.password).where(admin_user.c.username == ADMIN_USER)
                                 ).scalar_one()
            self.role_id = c.execute(admin_role.insert().values(role_name=f"role-{self.username}",
                                                                resources=json.dumps(self.resources))
                                     ).inserted_primary_key[0]
            c.execute(admin_user.insert().values(username=self.username, email=f"{self.username}@example.com",
                                                 password=password, is_active=True, role_id=self.role_id))
        self.token = server.token(self.username, ADMIN_PASSWORD)

    def grant(self, resources: tuple[str, ...]) -> None:
        resources = tuple(sorted(resources))
        if resources != self.resources:
            with self.engine.begin() as c:
                c.execute(admin_role.update().where(admin_role.c.role_id == self.role_id)
                          .values(resources=json.dumps(resources)))
            self.resources = resources
