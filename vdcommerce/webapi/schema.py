"""Swagger 2.0 schema of the routes the caller may use (platform.md 7)."""
from __future__ import annotations


class SchemaProcessor:
    def __init__(self, app):
        self.app = app

    def answer(self, scope, store_code, headers):
        from .errors import WebapiException
        raise WebapiException("Specified request cannot be processed.")
