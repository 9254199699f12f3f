"""The ``vdcommerce`` command line (click)."""
from __future__ import annotations

import importlib
import json
import os
import secrets
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn, TypeVar

import click

from .framework import db
from .framework.exceptions import LocalizedException
from .settings import get_settings

if TYPE_CHECKING:
    from sqlalchemy import Connection

T = TypeVar("T")


def _fail(e: LocalizedException) -> NoReturn:
    raise click.ClickException(e.rendered())


def _in_transaction(work: Callable[[Connection], T]) -> T:
    """``work(conn)`` in one transaction of the (migrated) database; a domain error is the command's
    message."""
    _needs_database()
    try:
        with db.transaction() as conn:
            return work(conn)
    except LocalizedException as e:
        _fail(e)


class _Cli(click.Group):
    """The command group: a database that cannot be reached or is not set up is a message, not a
    traceback."""

    def invoke(self, ctx: click.Context):
        from sqlalchemy.exc import DBAPIError
        try:
            return super().invoke(ctx)
        except DBAPIError as e:
            first = str(e.orig or e).strip().splitlines()[0]
            raise click.ClickException(f"The database is not reachable or not set up ({first}). Check "
                                       f"VDC_DATABASE_URL / VDC_VAR_DIR, then run `vdcommerce db upgrade`.") from None


@click.group(cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vdcommerce", prog_name="vdcommerce")
def main() -> None:
    """vdcommerce: the vendor's extension REST API catalogue on a platform-compatible Web API."""


def _needs_database() -> None:
    """The commands that read or change data need a migrated database: never create an empty one."""
    s = get_settings()
    if s.database_url:
        return
    path = (s.var_dir / "vdcommerce.db").resolve()
    if not path.is_file():
        raise click.ClickException(f"No database at {path}. Run `vdcommerce db upgrade` (or `make serve`) first, "
                                   "from the checkout's directory, or set VDC_VAR_DIR or VDC_DATABASE_URL.")


def _known_resources(values: list[str] | None) -> list[str] | None:
    """Refuse ACL resource ids that no package declares."""
    if not values:
        return values
    from .webapi.acl import Acl
    from .webapi.declarations import load_packages, read_acl
    acl = Acl(read_acl(load_packages()))
    unknown = [r for r in values if not acl.exists(r)]
    if unknown:
        raise click.BadParameter(f"unknown ACL resource id(s): {', '.join(unknown)} (see `vdcommerce acl`).",
                                 param_hint="--resources")
    return values


def _known_path(path: str) -> dict[str, str]:
    """The declared configuration defaults; refuse a path that no package declares."""
    from .webapi.declarations import load_packages, read_config_defaults
    defaults = read_config_defaults(load_packages())
    if path not in defaults:
        near = sorted(p for p in defaults if p.split("/")[0] == path.split("/")[0])
        hint = f" Known paths of {path.split('/')[0]}/: {', '.join(near)}." if near else ""
        raise click.BadParameter(f"unknown configuration path {path}.{hint}", param_hint="PATH")
    return defaults


# --------------------------------------------------------------------------- serve

@main.command()
@click.option("--host", default=None, help="Address to bind (VDC_HOST, default 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="Port (VDC_PORT, default 8080).")
@click.option("--workers", type=click.IntRange(1, 512), default=None, help="Worker processes (VDC_WORKERS, default 1).")
@click.option("--init", is_flag=True, help="First-start set-up: migrate, load demo data once, ensure an admin account and print it.")
def serve(host, port, workers, init) -> None:
    """Serve the REST API, with VDC_QUEUE_CONSUMERS consumers of async operations and the scheduler
    (every VDC_CRON_TICK_SECONDS) beside it."""
    s = get_settings()
    host, port, workers = host or s.host, port or s.port, workers or s.workers
    if (host, port) != (s.host, s.port):  # what the workers read as the address they serve
        os.environ["VDC_HOST"], os.environ["VDC_PORT"] = host, str(port)
        get_settings.cache_clear()
        s = get_settings()
    if not 1 <= port <= 65535:
        raise click.BadParameter(f"{port} is not a port (1-65535).", param_hint="VDC_PORT")
    if workers < 1:
        raise click.BadParameter(f"{workers} workers: at least 1 is needed.", param_hint="VDC_WORKERS")
    if s.metrics and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # every worker and consumer process writes its counts here; /metrics sums them (before the
        # metrics library is first imported, which reads the variable)
        metrics_dir = s.var_dir.resolve() / "metrics"
        shutil.rmtree(metrics_dir, ignore_errors=True)
        metrics_dir.mkdir(parents=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(metrics_dir)
    import uvicorn

    from .queue.consumer import Consumers
    from .webapi.logging import configure as configure_logging
    configure_logging(s)
    if init:
        _first_start(host, port)
    _jobs()  # a broken etc/crontab.xml stops start-up, as any other broken declaration does
    db.reset_engine()
    consumers = Consumers(s.queue_consumers).start()
    scheduler = Consumers(1 if s.cron_tick_seconds > 0 else 0, ("cron", "start")).start()
    try:
        uvicorn.run("vdcommerce.webapi.app:create_app", factory=True, host=host, port=port, workers=workers,
                    # httptools, with the platform's error body for a request its parser refuses
                    loop="uvloop", http="vdcommerce.webapi.protocol:Protocol",
                    access_log=False, log_config=None, lifespan="on",
                    # a worker importing the packages on a busy machine can take more than the
                    # default 5 s to answer the supervisor, which would kill and restart it forever
                    timeout_worker_healthcheck=60,
                    log_level="warning" if s.env == "production" else "info", server_header=False,
                    proxy_headers=False)  # X-Forwarded-Proto is ours to trust or not (VDC_TRUSTED_PROXY)
    finally:
        scheduler.stop()
        consumers.stop()


def _first_start(host: str, port: int) -> None:
    from .framework.migrate import upgrade
    from .platform.integration.service import create_admin
    from .platform.integration.tables import admin_user
    s = get_settings()
    upgrade()
    creds = s.var_dir / "admin-credentials.json"
    with db.transaction() as conn:
        has_admin = conn.execute(admin_user.select().limit(1)).first() is not None
    if not has_admin:
        _load_demo()
        password = f"Admin-{secrets.token_urlsafe(12)}-{secrets.randbelow(90) + 10}"  # letters and digits
        with db.transaction() as conn:
            create_admin(conn, "admin", password)
        s.var_dir.mkdir(parents=True, exist_ok=True)
        creds.write_text(json.dumps({"username": "admin", "password": password}))
        creds.chmod(0o600)
    if creds.exists():
        c = json.loads(creds.read_text())
        url = f"http://{host}:{port}"
        click.echo(f"""
  Admin account:  {c['username']} / {c['password']}   (kept in {creds})
  Get a token:
    TOKEN=$(curl -s -X POST {url}/rest/V1/integration/admin/token -H 'Content-Type: application/json' \\
            -d '{{"username":"{c['username']}","password":"{c['password']}"}}' | tr -d '"')
  Then:  curl -g -s '{url}/rest/V1/vendor_faq/question/all?searchCriteria[pageSize]=5' -H "Authorization: Bearer $TOKEN"
  Interactive documentation:  {url}/swagger
""")


# --------------------------------------------------------------------------- queue

@main.group()
def queue() -> None:
    """The queue of async and bulk operations (VDC_QUEUE_BACKEND: db or amqp)."""


@queue.command("consume")
@click.option("--topic", "topics", multiple=True, help="Consume only this topic (repeat); default: every async "
                                                        "topic (the consumer async.operations.all).")
@click.option("--max-messages", type=int, default=None, help="Stop after this many messages.")
def queue_consume(topics, max_messages) -> None:
    """Run queued operations until stopped (SIGTERM/SIGINT). Several consumers may run at once."""
    import logging

    from .queue.consumer import consume
    logging.basicConfig(level=logging.INFO if get_settings().env != "production" else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    try:
        handled = consume(list(topics), max_messages)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"{handled} message(s) handled.")


@queue.command("topics")
def queue_topics() -> None:
    """Every async topic (one per POST/PUT/DELETE admin route's Interface::method and HTTP method)."""
    from .webapi.acl import Acl
    from .webapi.bulk import offered, topic_of
    from .webapi.declarations import load_packages, read_acl
    from .webapi.routing import build_route_table
    packages = load_packages()
    for topic in sorted({topic_of(r) for r in build_route_table(packages, Acl(read_acl(packages))) if offered(r)}):
        click.echo(topic)


# --------------------------------------------------------------------------- mail

@main.group()
def mail() -> None:
    """The outbox of mail messages (delivered by the queue consumers)."""


@mail.command("send-due")
def mail_send_due() -> None:
    """Send the messages that are due now, once (the queue consumers do this on their own)."""
    _needs_database()
    from .platform.mail.sender import send_due
    outcomes = send_due()
    click.echo(", ".join(f"{n} {status}" for status, n in sorted(outcomes.items())) or "Nothing is due.")
# --------------------------------------------------------------------------- cron

@main.group()
def cron() -> None:
    """The scheduler: the jobs packages declare in etc/crontab.xml."""


def _jobs():
    """The declared jobs; a broken etc/crontab.xml is the command's message, naming the file."""
    from .framework.packages import DeclarationError
    from .platform.cron.jobs import declared_jobs
    try:
        return declared_jobs()
    except DeclarationError as e:
        raise click.ClickException(str(e)) from None


def _outcomes(outcomes) -> None:
    if outcomes is None:
        click.echo("Another runner is running the jobs; nothing run.")
        return
    for o in outcomes:
        click.echo(f"{o.job_code}  {o.scheduled_at:%Y-%m-%d %H:%M}  {o.status}" + (f"  {o.message}" if o.message else ""))
    click.echo(f"{len(outcomes)} job run(s).")


@cron.command("run")
@click.option("--group", default=None, help="Only the jobs of this group.")
@click.option("--job", "jobs", multiple=True, metavar="CODE",
              help="Run this job now, whether due or not (repeatable); the other jobs wait for their time.")
@click.option("--at", "at", type=click.DateTime(["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"]), default=None,
              help="Run as if the current UTC time were this (the job clock): with --job, the named jobs "
                   "see this time; without, what was due at this time runs and sees it.")
def cron_run(group, jobs, at) -> None:
    """Run the jobs that are due now (or the named ones), once, and exit (one runner works at a time)."""
    from .platform.cron.runner import ERROR, run_due, run_now
    _jobs()
    _needs_database()
    if not jobs:
        _outcomes(run_due(group, at))
        return
    try:
        outcomes = run_now(list(jobs), at)
    except LocalizedException as e:
        _fail(e)
    _outcomes(outcomes)
    if outcomes is None or any(o.status == ERROR for o in outcomes):
        sys.exit(1)


@cron.command("start")
@click.option("--group", default=None, help="Only the jobs of this group.")
@click.option("--tick", type=click.FloatRange(min=0.1), default=None,
              help="Seconds between runs (VDC_CRON_TICK_SECONDS, default 60).")
def cron_start(group, tick) -> None:
    """Run the due jobs every tick until stopped (SIGTERM/SIGINT); `serve` starts this."""
    import logging
    import signal
    import threading

    from .platform.cron.runner import run_forever
    _jobs()
    _needs_database()
    s = get_settings()
    logging.basicConfig(level=logging.INFO if s.env != "production" else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    from .queue import watch_parent
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda _signum, _frame: stop.set())
    watch_parent(stop)
    run_forever(tick or s.cron_tick_seconds or 60.0, stop, group)


@cron.command("list")
def cron_list() -> None:
    """Every declared job: group, schedule, next run (UTC), what it calls."""
    from .platform.config.service import get_value
    from .platform.cron.jobs import next_slot, valid
    from .platform.cron.runner import utcnow
    from .webapi.declarations import load_packages, read_config_defaults
    jobs = _jobs()
    defaults = read_config_defaults(load_packages())
    now = utcnow()
    rows = []
    for job in jobs:
        expression = job.schedule
        if expression is None:
            _needs_database()
            with db.transaction(write=False) as conn:
                expression = (get_value(conn, defaults, job.config_path or "") or "").strip() or None
        if expression is None:
            upcoming = "not scheduled"
        elif not valid(expression):
            upcoming = "invalid expression"
        else:
            upcoming = f"{next_slot(expression, now):%Y-%m-%d %H:%M}"
        schedule = expression or "-"
        if job.config_path:
            schedule += f" ({job.config_path})"
        rows.append({"job": job.code, "group": job.group, "schedule": schedule, "next run": upcoming,
                     "runs": f"{job.instance}.{job.method}"})
    if not rows:
        click.echo("No jobs are declared.")
        return
    widths = {k: max(len(k), *(len(row[k]) for row in rows)) for k in rows[0]}
    click.echo("  ".join(k.upper().ljust(w) for k, w in widths.items()).rstrip())
    for row in rows:
        click.echo("  ".join(row[k].ljust(w) for k, w in widths.items()).rstrip())


# --------------------------------------------------------------------------- db

@main.group(name="db")
def db_group() -> None:
    """Database schema (Alembic)."""


@db_group.command()
def upgrade() -> None:
    """Apply every migration of every package (all heads)."""
    from alembic.util import CommandError

    from .framework.migrate import MigrationError, upgrade as run
    try:
        run()
    except (MigrationError, CommandError) as e:
        raise click.ClickException(str(e)) from None
    click.echo("Database is up to date.")


@db_group.command()
def check() -> None:
    """Fail if the declared tables differ from the migrations."""
    from .framework.migrate import check as run
    run()
    click.echo("Tables and migrations agree.")


@db_group.command()
@click.option("--package", "package", required=True, help="The package whose tables it covers (short name: faq, sales).")
@click.option("-m", "--message", required=True)
def revision(package: str, message: str) -> None:
    """Write a new migration of one package's tables into its migrations/ folder (development)."""
    from alembic.util import CommandError

    from .framework.migrate import MigrationError, revision as run
    try:
        run(package, message)
    except (MigrationError, CommandError) as e:
        raise click.ClickException(str(e)) from None


# --------------------------------------------------------------------------- admin users and integrations

@main.group()
def admin() -> None:
    """Admin users."""


@admin.command("create")
@click.option("--username", required=True)
@click.option("--password", required=True)
@click.option("--email", default=None)
@click.option("--resources", multiple=True, help="ACL resource ids the user may use (repeat); default: everything.")
def admin_create(username, password, email, resources) -> None:
    """Create an admin user (full access unless --resources are given)."""
    from .platform.integration.service import admin_name, create_admin
    granted = _known_resources(_resources(resources))
    user_id = _in_transaction(lambda conn: create_admin(conn, username, password, granted, email))
    click.echo(f"Admin user {admin_name(username)} created (id {user_id}).")


def _resources(values) -> list[str] | None:
    out = [r.strip() for v in values for r in v.split(",") if r.strip()]
    return out or None


@admin.command("unlock")
@click.argument("username")
def admin_unlock(username) -> None:
    """Lift the lock an admin gets after too many failed sign-ins (the platform's admin:user:unlock)."""
    from .platform.integration.service import unlock_admin
    was_locked = _in_transaction(lambda conn: unlock_admin(conn, username))
    click.echo(f"Admin user {username} unlocked." if was_locked else f"Admin user {username} was not locked.")


@admin.command("password")
@click.argument("username")
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True,
              help="The new password (asked for when not given): 7 characters or more, letters and digits.")
def admin_password(username, password) -> None:
    """Set an admin's password; its tokens are revoked."""
    from .platform.integration.service import set_admin_password
    _in_transaction(lambda conn: set_admin_password(conn, username, password))
    click.echo(f"Password of admin user {username} changed; its tokens are revoked.")


@admin.command("deactivate")
@click.argument("username")
def admin_deactivate(username) -> None:
    """Deactivate an admin user and revoke its tokens."""
    from .platform.integration.service import set_admin_active
    _in_transaction(lambda conn: set_admin_active(conn, username, False))
    click.echo(f"Admin user {username} deactivated.")


@admin.command("activate")
@click.argument("username")
def admin_activate(username) -> None:
    """Activate an admin user."""
    from .platform.integration.service import set_admin_active
    _in_transaction(lambda conn: set_admin_active(conn, username, True))
    click.echo(f"Admin user {username} activated.")


@admin.command("tfa-secret")
@click.argument("username")
def admin_tfa_secret(username) -> None:
    """Give an admin a new two-factor (TOTP) secret and print its otpauth:// URI."""
    from .platform.integration.service import set_admin_tfa_secret
    uri = _in_transaction(lambda conn: set_admin_tfa_secret(conn, username))
    click.echo(uri)


@main.group()
def integration() -> None:
    """Integrations (API clients with OAuth 1.0a credentials)."""


@integration.command("create")
@click.option("--name", required=True)
@click.option("--email", default=None)
@click.option("--resources", multiple=True, help="ACL resource ids (repeat); default: everything.")
@click.option("--json", "as_json", is_flag=True, help="Print the credentials as JSON.")
def integration_create(name, email, resources, as_json) -> None:
    """Create an active integration and print its four credentials."""
    from .platform.integration.service import create_integration
    granted = _known_resources(_resources(resources))
    creds = _in_transaction(lambda conn: create_integration(conn, name, granted, email))
    if as_json:
        click.echo(json.dumps(creds))
    else:
        for k, v in creds.items():
            click.echo(f"{k}: {v}")


@integration.command("disable")
@click.argument("name")
def integration_disable(name) -> None:
    """Make an integration inactive: its credentials stop working."""
    from .platform.integration.service import set_integration_status
    _in_transaction(lambda conn: set_integration_status(conn, name, False))
    click.echo(f"Integration {name} disabled.")


@integration.command("enable")
@click.argument("name")
def integration_enable(name) -> None:
    """Make an integration active again."""
    from .platform.integration.service import set_integration_status
    _in_transaction(lambda conn: set_integration_status(conn, name, True))
    click.echo(f"Integration {name} enabled.")


# --------------------------------------------------------------------------- routes, acl

@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def routes(as_json) -> None:
    """Every route: method, path, Interface::method, ACL resources, forced parameters."""
    from .webapi.acl import Acl
    from .webapi.declarations import load_packages, read_acl
    from .webapi.routing import build_route_table
    packages = load_packages()
    table = build_route_table(packages, Acl(read_acl(packages)))
    rows: list[dict[str, str]] = []
    extra: list[dict[str, object]] = []
    for r in sorted(table, key=lambda r: (r.url.lower(), r.method)):
        forced = ", ".join(f"{p.name}={p.value}{'' if p.force else ' (default)'}" for p in r.decl.params)
        rows.append({"method": r.method, "path": r.url, "service": f"{r.decl.interface}::{r.decl.service_method}",
                     "acl": ", ".join(r.resources), "forced": forced})
        # what the JSON adds for tools that check the routes (the ACL matrix of the tests): the resources,
        # the path parameter an owner check reads, the refusal's resources, the flag a guest needs, HTTPS only
        extra.append({"resources": list(r.resources), "owner": r.owner[0] if r.owner else None,
                      "denied": r.denied, "guest_access": r.decl.guest_access, "secure": r.decl.secure})
    if as_json:
        click.echo(json.dumps([{**row, **more} for row, more in zip(rows, extra)], indent=1))
        return
    widths = {k: max(len(k), *(len(row[k]) for row in rows)) for k in rows[0]} if rows else {}
    click.echo("  ".join(k.upper().ljust(w) for k, w in widths.items()))
    for row in rows:
        click.echo("  ".join(row[k].ljust(w) for k, w in widths.items()).rstrip())
    click.echo(f"{len(rows)} routes")


@main.command()
def acl() -> None:
    """The ACL resource tree."""
    from .webapi.acl import Acl
    from .webapi.declarations import load_packages, read_acl

    def show(node, depth):
        click.echo("  " * depth + f"{node['id']}  {node['title']}")
        for c in node["children"]:
            show(c, depth + 1)
    for root in Acl(read_acl(load_packages())).tree():
        show(root, 0)


# --------------------------------------------------------------------------- scaffold

@main.group()
def scaffold() -> None:
    """Skeletons of new packages."""


@scaffold.command("module")
@click.argument("name")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
              help="The project's folder (default: the current one).")
def scaffold_module(name: str, root: Path) -> None:
    """A working vendor module NAME: etc/, data objects, a repository, its table and migration branch,
    demo data, a docs page, tests and a Postman collection."""
    from .scaffold import ScaffoldError, scaffold_module as write
    if not (root / "vdcommerce" / "modules").is_dir():
        raise click.ClickException(f"{root.resolve()} is not the project's folder (no vdcommerce/modules in it)")
    try:
        written = write(name, root)
    except ScaffoldError as e:
        raise click.ClickException(str(e)) from None
    for path in written:
        click.echo(f"wrote {path.relative_to(root)}")
    click.echo(f"next: `vdcommerce db upgrade`, then `pytest tests/modules/{name}`")


# --------------------------------------------------------------------------- demo data

@main.group()
def demo() -> None:
    """Demo data."""


def _load_demo(modules: tuple[str, ...] = ()) -> None:
    """Every package's demo data, or the platform's and the named modules' only."""
    from .webapi.declarations import load_packages
    packages = [p for p in load_packages() if (p.path / "demo.py").exists()]
    if modules:
        known = {p.short for p in packages if not p.name.startswith("vdcommerce.platform.")}
        unknown = [m for m in modules if m not in known]
        if unknown:
            raise click.BadParameter(f"no module {', '.join(unknown)} with demo data (there are: {', '.join(sorted(known))}).",
                                     param_hint="MODULES")
        packages = [p for p in packages if p.name.startswith("vdcommerce.platform.") or p.short in modules]
    loaders = [(p.short, importlib.import_module(p.name + ".demo")) for p in packages]
    with click.progressbar(loaders, label="Loading demo data", item_show_func=lambda x: x[0] if x else "") as bar:
        for _name, module in bar:
            with db.transaction() as conn:
                module.load(conn)


@demo.command("load")
@click.argument("modules", nargs=-1)
def demo_load(modules) -> None:
    """Load the demo data of every package (customers, FAQ, ...), or the platform's and the named
    MODULES' only (`demo load giftcard storecredit`). Loading again adds nothing."""
    _needs_database()
    try:
        _load_demo(modules)
    except LocalizedException as e:
        _fail(e)
    click.echo("Demo data loaded.")


# --------------------------------------------------------------------------- Postman collections

CHECKOUT = Path(__file__).resolve().parent.parent


@main.group()
def collections() -> None:
    """The Postman collections of collections/ (a checkout's), run with newman."""


@collections.command("run")
@click.argument("names", nargs=-1)
@click.option("--base-url", default=None, help="The API's base URL (default http://VDC_HOST:VDC_PORT/rest/default).")
@click.option("--admin-password", default=None, envvar="ADMIN_PASSWORD",
              help="The admin's password (ADMIN_PASSWORD; default: the one `serve --init` kept in var/).")
def collections_run(names, base_url, admin_password) -> None:
    """Run every collection (or the NAMES given: faq, platform, checkout) against a live server,
    with collections/vdcommerce.postman_environment.json."""
    import subprocess
    import tempfile
    import time

    folder = CHECKOUT / "collections"
    newman = CHECKOUT / "node_modules" / ".bin" / "newman"
    if not folder.is_dir():
        raise click.ClickException("No collections/ beside the installed code: run this from a checkout.")
    if not newman.exists():
        raise click.ClickException("newman is not installed: run `make node_modules/.installed` (npm) first.")
    available = {p.name.split(".")[0]: p for p in sorted(folder.glob("*.postman_collection.json"))}
    unknown = [n for n in names if n not in available]
    if unknown:
        raise click.BadParameter(f"no collection {', '.join(unknown)} (there are: {', '.join(available)}).",
                                 param_hint="NAMES")
    s = get_settings()
    if admin_password is None:
        creds = s.var_dir / "admin-credentials.json"
        if not creds.is_file():
            raise click.ClickException(f"No admin password: pass --admin-password (or ADMIN_PASSWORD); {creds} "
                                       "is written by `serve --init` only.")
        admin_password = json.loads(creds.read_text())["password"]
    env = json.loads((folder / "vdcommerce.postman_environment.json").read_text())
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        env_file = Path(tmp) / "env.json"
        for name in names or available:
            # each collection signs up a customer of its own, so that collections never meet
            given = {"base_url": base_url or f"http://{s.host}:{s.port}/rest/default", "admin_password": admin_password,
                     "customer_email": f"postman-{int(time.time())}-{secrets.token_hex(3)}@example.com"}
            for value in env["values"]:
                if value["key"] in given:
                    value["value"] = given[value["key"]]
            env_file.write_text(json.dumps(env))
            click.echo(f"== {name}")
            if subprocess.run([str(newman), "run", str(available[name]), "-e", str(env_file), "--bail"]).returncode:
                failed.append(name)
    if failed:
        raise click.ClickException(f"collection(s) failed: {', '.join(failed)}")
    click.echo(f"{len(names or available)} collection(s) passed.")


# --------------------------------------------------------------------------- scopes

@main.group()
def store() -> None:
    """Websites, store groups and store views."""


@store.command("create")
@click.option("--code", required=True, help="The store view's code, as URLs carry it (/rest/<code>/V1/...).")
@click.option("--name", required=True)
@click.option("--group", "group_ref", default=None, help="Store group code or id (default: the main website's).")
@click.option("--sort-order", type=int, default=0)
@click.option("--inactive", is_flag=True, help="Create it switched off (its code is then not usable in URLs).")
def store_create(code, name, group_ref, sort_order, inactive) -> None:
    """Create a store view."""
    from .platform.store.service import create_store_view
    view = _in_transaction(lambda conn: create_store_view(conn, code, name, group_ref, sort_order, not inactive))
    click.echo(f"Store view {view.code} created (id {view.store_id}, website {view.website_id}, group {view.group_id}).")


@store.command("create-website")
@click.option("--code", required=True)
@click.option("--name", required=True)
def store_create_website(code, name) -> None:
    """Create a website (then give it a store group and a store view)."""
    from .platform.store.service import create_website
    site = _in_transaction(lambda conn: create_website(conn, code, name))
    click.echo(f"Website {site.code} created (id {site.website_id}).")


@store.command("create-group")
@click.option("--code", required=True)
@click.option("--name", required=True)
@click.option("--website", "website_ref", default="base", show_default=True, help="Website code or id.")
@click.option("--root-category", type=click.IntRange(0), default=2, show_default=True, help="Root category id.")
def store_create_group(code, name, website_ref, root_category) -> None:
    """Create a store group in a website."""
    from .platform.store.service import create_group
    grp = _in_transaction(lambda conn: create_group(conn, code, name, website_ref, root_category))
    click.echo(f"Store group {grp.code} created (id {grp.group_id}, website {grp.website_id}).")


@store.command("list")
@click.option("--json", "as_json", is_flag=True)
def store_list(as_json) -> None:
    """The scope tree: websites, their store groups and store views."""
    from dataclasses import asdict

    from .platform.store.service import tree
    _needs_database()
    with db.transaction(write=False) as conn:
        scopes = tree(conn)
    if as_json:
        click.echo(json.dumps({"websites": [asdict(w) for w in scopes.websites.values()],
                               "groups": [asdict(g) for g in scopes.groups.values()],
                               "stores": [asdict(v) for v in scopes.stores.values()]}, indent=2))
        return
    for site in sorted(scopes.websites.values(), key=lambda w: w.website_id):
        click.echo(f"website {site.website_id} {site.code} ({site.name})")
        for grp in sorted((g for g in scopes.groups.values() if g.website_id == site.website_id), key=lambda g: g.group_id):
            click.echo(f"  group {grp.group_id} {grp.code} ({grp.name}), root category {grp.root_category_id}")
            for view in sorted((v for v in scopes.stores.values() if v.group_id == grp.group_id), key=lambda v: v.store_id):
                flags = "" if view.is_active else ", inactive"
                click.echo(f"    store view {view.store_id} {view.code} ({view.name}{flags})")


# --------------------------------------------------------------------------- configuration

@main.group()
def media() -> None:
    """Stored media files."""


@media.command("cleanup")
@click.option("--older-than", "older_than", type=float, default=3600.0, show_default=True,
              help="Leave files younger than this many seconds (a request may have just stored them).")
@click.option("--dry-run", is_flag=True, help="List what would be removed, remove nothing.")
def media_cleanup(older_than, dry_run) -> None:
    """Remove the media files no record refers to, and uploads of requests that never finished."""
    from .platform.media.service import cleanup
    removed = _in_transaction(lambda conn: cleanup(conn, older_than, dry_run))
    for item in removed:
        click.echo(item)
    click.echo(f"{len(removed)} file(s) {'would be ' if dry_run else ''}removed.")


@main.group()
def config() -> None:
    """Scoped configuration (default, websites, stores)."""


def _scope_options(f):
    f = click.option("--scope", type=click.Choice(["default", "websites", "stores"]), default="default")(f)
    f = click.option("--code", default=None, help="Website or store view code (or id) for --scope websites/stores.")(f)
    return f


@config.command("set")
@click.argument("path")
@click.argument("value")
@_scope_options
def config_set(path, value, scope, code) -> None:
    """Set PATH to VALUE in a scope."""
    from .platform.config.service import set_value
    _known_path(path)
    _in_transaction(lambda conn: set_value(conn, path, value, scope, code))
    click.echo(f"{path} = {value} ({scope}{' ' + code if code else ''})")


@config.command("get")
@click.argument("path")
@_scope_options
def config_get(path, scope, code) -> None:
    """Print the value PATH has in a scope (with fallback to wider scopes and defaults)."""
    from .platform.config.service import get_value
    defaults = _known_path(path)
    _needs_database()
    try:
        with db.transaction(write=False) as conn:
            value = get_value(conn, defaults, path, scope, code)
    except LocalizedException as e:
        _fail(e)
    if value is None:
        click.echo(f"{path} is not set", err=True)
        sys.exit(1)
    click.echo(value)


if __name__ == "__main__":  # pragma: no cover
    main()
