"""The record of every stored media file: which folder (public or private), where in it, what it is.

Modules keep the ``file_id`` (or the path) of the files they use; ``vdcommerce media cleanup`` removes
the files on disk that no record describes.
"""
from sqlalchemy import Column, DateTime, Integer, String, Table, UniqueConstraint

from ...framework.db import metadata

media_file = Table(
    "media_file", metadata,
    Column("file_id", Integer, primary_key=True, autoincrement=True),
    Column("area", String(16), nullable=False),        # public | private
    Column("path", String(255), nullable=False),       # relative to the area's folder, "/" separated
    Column("mime_type", String(100), nullable=False),
    Column("size", Integer, nullable=False),
    Column("created_at", DateTime, nullable=False),
    UniqueConstraint("area", "path"),
)
