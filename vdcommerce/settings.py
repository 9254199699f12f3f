"""Process settings, read once from the environment (prefix ``VDC_``).

Shop configuration that operators change at run time (token lifetimes, input limits, carriers ...)
lives in the database as scoped config paths (platform/config); these settings are what a process
needs before it can reach the database. docs/settings.md lists them all.
"""
from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def find_var_dir(start: Path) -> Path:
    """The nearest ``var`` directory with vdcommerce's files in ``start`` or a parent; else ``start/var``."""
    for folder in (start, *start.parents):
        var = folder / "var"
        if (var / "vdcommerce.db").is_file() or (var / "secret.key").is_file():
            return var
    return start / "var"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="VDC_", extra="ignore")

    env: str = Field("development", description="`development` or `production` (production logs less).")
    var_dir: Path = Field(default_factory=lambda: find_var_dir(Path.cwd()),
                          description="Where the embedded database, the secret key and the admin credentials live. "
                                      "Unset: the nearest `var/` holding them in the current directory or a parent "
                                      "(so any directory of a checkout finds the same one), else `./var`.")
    database_url: str = Field("", description="SQLAlchemy URL. Empty: SQLite at `<var_dir>/vdcommerce.db` (WAL mode). "
                                              "PostgreSQL: `postgresql+psycopg://user@host:5432/db`.")
    secret_key: str = Field("", description="Key that signs admin and customer tokens. Empty: generated once into `<var_dir>/secret.key`.")
    host: str = Field("127.0.0.1", description="Address `serve` binds.")
    port: int = Field(8080, description="Port `serve` listens on.")
    workers: int = Field(1, description="Worker processes of `serve`.")
    config_cache_seconds: float = Field(1.0, description="How long a worker trusts its copy of the scoped configuration, "
                                                         "and a bearer token it has checked, before checking the database "
                                                         "for changes (0 = every request). A token revoked or an admin, "
                                                         "role or integration changed through the service is seen at "
                                                         "once by every worker on the same machine.")
    debug: bool = Field(False, description="Send `trace` in 500 bodies (never in production).")
    max_body_bytes: int = Field(8 * 1024 * 1024, description="Largest request body accepted (larger: 400 `Decoding error.`).")
    max_json_depth: int = Field(64, description="Deepest JSON nesting accepted.")
    trusted_proxy: bool = Field(False, description="Trust `X-Forwarded-Proto` for the request scheme and the last "
                                                          "`X-Forwarded-For` entry for the client's address.")
    smtp_host: str = Field("", description="SMTP server for e-mail; empty: e-mail is not sent (logged).")
    smtp_port: int = Field(25, description="SMTP port.")
    smtp_sender: str = Field("shop@example.com", description="From address of e-mail.")
    smtp_security: str = Field("none", pattern="^(none|starttls|ssl)$",
                               description="`none`, `starttls` (STARTTLS after EHLO) or `ssl` (TLS from the start).")
    smtp_username: str = Field("", description="SMTP AUTH user; empty: no authentication.")
    smtp_password: str = Field("", description="SMTP AUTH password.")
    smtp_timeout: float = Field(30.0, gt=0, description="Seconds an SMTP connect or command may take.")
    mail_max_attempts: int = Field(5, ge=1, description="Delivery attempts of a message before it stays `failed`.")
    mail_retry_delays: str = Field("60,300,900,3600", description="Seconds before the 1st, 2nd, ... retry of a "
                                                               "message (the last repeats).")
    mail_poll_seconds: float = Field(5.0, gt=0, description="Pause of the mail sender between looks at the outbox.")
    password_hash_time_cost: int = Field(2, description="Argon2id time cost for password hashes.")
    password_hash_memory_kib: int = Field(19456, description="Argon2id memory cost (KiB) for password hashes.")
    queue_backend: str = Field("db", description="Queue of async and bulk operations: `db` (messages in the service's "
                                                 "database) or `amqp` (a RabbitMQ broker at `VDC_AMQP_URL`).")
    amqp_url: str = Field("amqp://guest:guest@127.0.0.1:5672/%2F", description="AMQP broker URL (pika URL form), "
                                                                              "for `VDC_QUEUE_BACKEND=amqp`.")
    amqp_prefix: str = Field("", description="Prefix of the AMQP exchange (`<prefix>magento`) and queue names "
                                             "(`<prefix><topic>`), to keep several installations apart on one broker.")
    amqp_publish_timeout: float = Field(5.0, gt=0, description="Seconds an async or bulk request waits for the AMQP "
                                                               "broker to take its messages; past it: 503, the "
                                                               "operations rejected.")
    queue_consumers: int = Field(1, description="Consumer processes (`queue consume`) that `serve` runs beside the web "
                                                "server; 0: none (run `vdcommerce queue consume` yourself).")
    queue_retry_limit: int = Field(5, description="Attempts of an operation whose failures are temporary (lock "
                                                  "timeout, lost connection) before it fails for good (status 3).")
    queue_lease_seconds: float = Field(60.0, description="Database queue: how long a consumer's claim on a message "
                                                         "lasts; a claim of a consumer that died is free after it.")
    queue_poll_seconds: float = Field(0.2, description="Database queue: pause of an idle consumer between looks at "
                                                       "the queue.")
    extra_packages: str = Field("", description="Comma-separated import names of further packages loaded after the "
                                                "vendor modules (each shaped like a module: `etc/`, tables, services). "
                                                "The test suite loads its test-only module this way.")
    queue_batch: int = Field(10, description="Messages a consumer claims at once (database queue) or has "
                                             "unacknowledged (AMQP prefetch).")
    base_url: str = Field("", description="The address clients use, e.g. `https://shop.example.com`: the schema's "
                                          "`host` and `schemes` and the Swagger UI come from it. Empty: the address "
                                          "the server is bound to.")
    cors_origins: str = Field("", description="Comma-separated origins (`https://app.example.com`) whose browser "
                                              "pages may call the API; `*` for any. Empty: CORS is off.")
    log_format: str = Field("", description="`json` (one JSON object a line) or `text`. Empty: `json` in "
                                            "production, `text` in development.")
    metrics: bool = Field(True, description="Serve Prometheus metrics at `/metrics`.")
    cron_tick_seconds: float = Field(60.0, description="How often the scheduler that `serve` runs beside the web "
                                                       "server looks for due jobs (`cron start`); 0: off (run "
                                                       "`vdcommerce cron run` from the system's cron instead).")
    cron_lock_wait_seconds: float = Field(60.0, ge=0, description="How long `vdcommerce cron run --job` waits for "
                                                               "the runner lock another runner holds before it "
                                                               "gives up (exit status 1).")
    media_dir: str = Field("", description="Folder of the public media files (product images, ...), served under "
                                           "`VDC_MEDIA_URL`. Empty: `<var_dir>/media`.")
    media_private_dir: str = Field("", description="Folder of the files only download routes serve (attachments a "
                                                   "customer may read when allowed); never served as it is. Empty: "
                                                   "`<var_dir>/media_private`.")
    media_url: str = Field("/media/", description="Media base URL: the service serves the public media folder under "
                                                  "its path, and links to media files start with it (a path is "
                                                  "joined to `VDC_BASE_URL`, or the bound address).")
    db_statement_timeout: float = Field(10.0, ge=0, description="Seconds a request's database work may take: a PostgreSQL "
                                                                "statement (`statement_timeout`), a SQLite request's "
                                                                "transaction; past it the request answers 503 and "
                                                                "rolls back. 0: no limit.")
    db_lock_timeout: float = Field(5.0, ge=0, description="Seconds a request waits for a lock (PostgreSQL `lock_timeout`, "
                                                          "SQLite `busy_timeout` on the write lock); past it: 503 "
                                                          "and a rollback. 0: PostgreSQL waits for ever, SQLite not at all.")
    db_idle_in_transaction_timeout: float = Field(60.0, ge=0, description="PostgreSQL: seconds a request's session may sit "
                                                                          "idle inside a transaction before the server "
                                                                          "ends it. 0: no limit.")
    db_background_statement_timeout: float = Field(0.0, ge=0, description="`db_statement_timeout` of the CLI, the queue "
                                                                          "consumers and the scheduler (imports, "
                                                                          "migrations, bulk operations). 0: no limit.")
    db_background_lock_timeout: float = Field(30.0, ge=0, description="`db_lock_timeout` of the CLI, the queue consumers "
                                                                      "and the scheduler.")
    media_max_bytes: int = Field(4 * 1024 * 1024, description="Largest uploaded file accepted (bytes, decoded); "
                                                              "larger: 400.")

    @field_validator("mail_retry_delays")
    @classmethod
    def _delays(cls, value: str) -> str:
        if not all(d.strip().replace(".", "", 1).isdigit() for d in value.split(",")):
            raise ValueError("comma-separated seconds, e.g. 60,300,900,3600")
        return value

    def mail_retry_delay(self, attempts: int) -> float:
        """Seconds before the next attempt of a message that failed ``attempts`` times."""
        delays = [float(d) for d in self.mail_retry_delays.split(",") if d.strip()] or [60.0]
        return delays[min(attempts, len(delays)) - 1]

    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        self.var_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.var_dir / 'vdcommerce.db').resolve()}"

    def resolved_media_dir(self, private: bool = False) -> Path:
        """The public media folder, or the private one."""
        configured = self.media_private_dir if private else self.media_dir
        return Path(configured) if configured else self.var_dir / ("media_private" if private else "media")

    def media_base_url(self) -> str:
        """``VDC_MEDIA_URL`` as an absolute URL ending in ``/``."""
        url = self.media_url if self.media_url.endswith("/") else self.media_url + "/"
        if "://" in url:
            return url
        base = self.base_url.rstrip("/") or f"http://{self.host}:{self.port}"
        return base + "/" + url.lstrip("/")

    def resolved_secret_key(self) -> str:
        if self.secret_key:
            return self.secret_key
        path = self.var_dir / "secret.key"
        if not path.exists():
            self.var_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(secrets.token_urlsafe(48))
            path.chmod(0o600)
        return path.read_text().strip()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
