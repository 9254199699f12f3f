"""The ACL: resource trees from etc/acl.xml and the check of a caller against a route."""
from __future__ import annotations

from typing import Any

from ..framework.context import ADMIN, CUSTOMER, INTEGRATION, Caller
from .declarations import AclNode

ANONYMOUS, SELF, ALL = "anonymous", "self", "Magento_Backend::all"


def owner_route(resources: tuple[str, ...]) -> bool:
    """``self`` together with an admin resource: an admin granted the resource, or the owner, may call."""
    return SELF in resources and any(r not in (ANONYMOUS, SELF) for r in resources)


def denied_resources(resources: tuple[str, ...]) -> list[str]:
    """The resources a refusal names: a resource-or-owner route names its admin resources."""
    return [r for r in resources if r != SELF] if owner_route(resources) else list(resources)


class Acl:
    def __init__(self, nodes: dict[str, AclNode]):
        self.nodes = nodes
        # a grant of a node covers the node and its descendants: keep each id's ancestor chain
        self.chain: dict[str, frozenset[str]] = {}
        for rid in nodes:
            chain: set[str] = set()
            cur: str | None = rid
            while cur is not None:
                chain.add(cur)
                cur = nodes[cur].parent
            self.chain[rid] = frozenset(chain)

    def exists(self, rid: str) -> bool:
        return rid in self.nodes or rid in (ANONYMOUS, SELF, ALL)

    def allowed(self, caller: Caller, resources: tuple[str, ...]) -> bool:
        """Whether the caller passes the resources. On a resource-or-owner route (``self`` with an admin
        resource) a customer passes here and the route then checks that the customer owns the record."""
        if owner_route(resources):
            if caller.user_type == CUSTOMER:
                return True
            resources = tuple(r for r in resources if r != SELF)
        for rid in resources:
            if rid == ANONYMOUS:
                continue
            if rid == SELF:
                if caller.user_type != CUSTOMER:
                    return False
                continue
            if caller.user_type not in (ADMIN, INTEGRATION):
                return False
            grants = caller.resources
            if grants is None or ALL in grants:
                continue
            if grants.isdisjoint(self.chain.get(rid, (rid,))):
                return False
        return True

    def tree(self) -> list[dict[str, Any]]:
        def node(rid: str) -> dict[str, Any]:
            n = self.nodes[rid]
            return {"id": rid, "title": n.title, "children": [node(c) for c in n.children]}
        return [node(r) for r, n in self.nodes.items() if n.parent is None]
