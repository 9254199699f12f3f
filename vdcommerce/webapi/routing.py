"""The route table: compiled once from every package's webapi.xml, matched per request."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator
from urllib.parse import unquote

from ..framework.context import OWNERS, Context, Service
from .acl import ANONYMOUS, SELF, Acl, denied_resources, owner_route
from .binding import MethodPlan, nul_refused
from .declarations import DeclarationError, Package, RouteDecl, read_routes


@dataclass
class Route:
    decl: RouteDecl
    segments: tuple[str, ...]          # literal segments lower-cased; parameters as ":name"
    params: tuple[tuple[int, str], ...]  # (position, name) of the parameter segments
    plan: MethodPlan
    resources: tuple[str, ...]
    # a resource-or-owner route: the path parameter naming the owned record and its ownership check
    owner: tuple[str, Callable[[Context, str], bool]] | None = None

    @property
    def denied(self) -> list[str]:
        """The resources a refusal of this route names."""
        return denied_resources(self.resources)

    def owned_by_caller(self, ctx: Context, path_values: dict[str, str]) -> bool:
        """On a resource-or-owner route: the calling customer owns the record the path names."""
        if self.owner is None:
            return True
        name, check = self.owner
        return check(ctx, path_values[name])

    @property
    def method(self) -> str:
        return self.decl.method

    @property
    def url(self) -> str:
        return self.decl.url

    @property
    def is_admin(self) -> bool:
        return any(r not in (ANONYMOUS, SELF) for r in self.resources)


def split_path(path: str) -> list[str] | None:
    """Segments of a path; one leading and one trailing slash are ignored; ``//`` matches nothing."""
    if path.startswith("/"):
        path = path[1:]
    if path.endswith("/"):
        path = path[:-1]
    parts = path.split("/")
    return None if "" in parts else parts


class RouteTable:
    def __init__(self, routes: list[Route]):
        self.routes = routes
        self.exact: dict[tuple[str, tuple[str, ...]], Route] = {}
        self.candidates: dict[tuple[str, int, str, str], list[Route]] = {}
        for r in routes:
            if not r.params:
                self.exact[(r.method, r.segments)] = r
            else:
                key = (r.method, len(r.segments), r.segments[0], r.segments[1])
                self.candidates.setdefault(key, []).append(r)
        # the first match in this order is the most specific: literal beats parameter, left to right
        for lst in self.candidates.values():
            lst.sort(key=lambda r: tuple(s.startswith(":") for s in r.segments))

    def match(self, method: str, raw_segments: list[str]) -> tuple[Route, dict[str, str]] | None:
        # literal segments compare decoded (a client may send `customer%3AquoteId` for `customer:quoteId`)
        lowered = tuple((unquote(s) if "%" in s else s).lower() for s in raw_segments)
        r = self.exact.get((method, lowered))
        if r is not None:
            return r, {}
        if len(lowered) < 2:
            return None
        for r in self.candidates.get((method, len(lowered), lowered[0], lowered[1]), ()):
            segs = r.segments
            for i, s in enumerate(segs):
                if s[0] != ":" and s != lowered[i]:
                    break
            else:
                values = {name: unquote(raw_segments[i]) for i, name in r.params}
                for name, value in values.items():
                    if "\x00" in value:  # refused before anything (the owner check) looks it up
                        raise nul_refused(name, value)
                return r, values
        return None

    def __iter__(self) -> Iterator[Route]:
        return iter(self.routes)


def build_route_table(packages: list[Package], acl: Acl) -> RouteTable:
    by_shape: dict[tuple[str, tuple[str, ...]], Route] = {}
    owner: dict[tuple[str, tuple[str, ...]], str] = {}
    for package in packages:
        is_module = package.name.startswith("vdcommerce.modules.")
        for decl in read_routes(package):
            where = f"{decl.source}: {decl.method} {decl.url}"
            parts = split_path(decl.url)
            if not parts or len(parts) < 2 or parts[1].startswith(":") or not parts[0].startswith("V"):
                raise DeclarationError(f"{where}: a route path starts /V<n>/<literal>/")
            segments = tuple(p if p.startswith(":") else p.lower() for p in parts)
            params = tuple((i, p[1:]) for i, p in enumerate(parts) if p.startswith(":"))
            for rid in decl.resources:
                if not acl.exists(rid):
                    raise DeclarationError(f"{where}: ACL resource {rid} is not declared in any etc/acl.xml")
            if decl.guest_access and decl.resources != ["anonymous"]:
                raise DeclarationError(f"{where}: guest-access is for anonymous routes only")
            cls = Service.registry.get(decl.interface)
            if cls is None:
                raise DeclarationError(f"{where}: no service class implements {decl.interface}")
            plan = MethodPlan(decl, cls, [name for _, name in params])
            owned_by = None
            if owner_route(tuple(decl.resources)):
                owned = [name for _, name in params if name in OWNERS]
                if len(owned) != 1:
                    raise DeclarationError(f"{where}: a route open to {' and '.join(decl.resources)} needs one "
                                           f"path parameter naming the owned record ({', '.join(sorted(OWNERS))})")
                owned_by = (owned[0], OWNERS[owned[0]])
            route = Route(decl, segments, params, plan, tuple(decl.resources), owned_by)
            shape = (decl.method, tuple(":" if s.startswith(":") else s for s in segments))
            if shape in by_shape:
                if is_module and not owner[shape].startswith("vdcommerce.modules."):
                    pass  # a module replaces the platform's route (1.4)
                else:
                    raise DeclarationError(f"{where}: clashes with {by_shape[shape].decl.source}: "
                                           f"{by_shape[shape].method} {by_shape[shape].url}")
            by_shape[shape] = route
            owner[shape] = package.name
    return RouteTable(list(by_shape.values()))
