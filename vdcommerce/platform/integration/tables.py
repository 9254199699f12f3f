from sqlalchemy import Boolean, Column, DateTime, ForeignKey, Index, Integer, String, Table, Text, UniqueConstraint, func

from ...framework.db import metadata, on_commit_of_writes
from . import revocation

admin_role = Table(
    "authorization_role", metadata,
    Column("role_id", Integer, primary_key=True),
    Column("role_name", String(128), nullable=False, unique=True),
    Column("resources", Text, nullable=False),  # JSON list of resource ids, or ["Magento_Backend::all"]
)

admin_user = Table(
    "admin_user", metadata,
    Column("user_id", Integer, primary_key=True),
    Column("username", String(40), nullable=False, unique=True),
    Column("email", String(128), nullable=False),
    Column("firstname", String(32), nullable=False, default=""),
    Column("lastname", String(32), nullable=False, default=""),
    Column("password", String(255), nullable=False),
    Column("is_active", Boolean, nullable=False, default=True),
    Column("role_id", Integer, ForeignKey("authorization_role.role_id"), nullable=False),
    Column("tfa_secret", String(64), nullable=True),  # TOTP secret for two-factor sign-in
    Column("created", DateTime, nullable=False, server_default=func.current_timestamp()),
)

integration = Table(
    "integration", metadata,
    Column("integration_id", Integer, primary_key=True),
    Column("name", String(255), nullable=False, unique=True),
    Column("email", String(255), nullable=True),
    Column("status", Integer, nullable=False, default=1),  # 1 active, 0 inactive
    Column("resources", Text, nullable=False),  # JSON list, or ["Magento_Backend::all"]
    Column("consumer_key", String(32), nullable=False, unique=True),
    Column("consumer_secret", String(32), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),  # sha256 of the access token
    Column("token_secret", String(32), nullable=False),
    Column("created_at", DateTime, nullable=False, server_default=func.current_timestamp()),
)

# every issued admin/customer token: only a hash of its id is kept
oauth_token = Table(
    "oauth_token", metadata,
    Column("token_id", Integer, primary_key=True),
    Column("jti_hash", String(64), nullable=False, unique=True),
    Column("user_type", Integer, nullable=False),
    Column("user_id", Integer, nullable=False),
    Column("created_at", Integer, nullable=False),
    Column("expires_at", Integer, nullable=True),
    Index("ix_oauth_token_user", "user_type", "user_id"),
)

oauth_token_request_log = Table(
    "oauth_token_request_log", metadata,
    Column("log_id", Integer, primary_key=True),
    Column("user_name", String(255), nullable=False),
    Column("user_type", Integer, nullable=False),  # customer 2, admin 3 (the lock's own numbering)
    Column("failures_count", Integer, nullable=False, default=0),
    Column("lock_expires_at", Integer, nullable=True),
    UniqueConstraint("user_name", "user_type"),
)

oauth_nonce = Table(
    "oauth_nonce", metadata,
    Column("nonce", String(128), primary_key=True),
    Column("consumer_key", String(32), primary_key=True),
    Column("timestamp", Integer, nullable=False),
)

# a committed change to what a checked token depends on makes the workers check tokens again
on_commit_of_writes(revocation.TABLES, revocation.bump)
