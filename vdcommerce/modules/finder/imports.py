"""Finder imports: a CSV file of chains and SKUs, queued as an import log and run into values and
map rows (docs/modules/finder.md, "Imports").

A file has one column per dropdown of the finder (in dropdown order: ``pos``, then id) and a last
column with the SKU, e.g. ``Audi,A4,2014,BRAKE-PAD-778``. A first line whose last cell is ``sku`` is
a header. A run checks every line first: a line with the wrong number of cells, an empty value or
an unknown SKU is an error row with its line number, and a file with any error stores nothing but
its history and its errors. The queued log leaves the queue when its run ends, as a history row.
"""
from __future__ import annotations

import base64
import binascii
import csv
import io
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, insert, select, update

from ...framework.context import Context, Service
from ...framework.dates import utc_now
from ...framework.exceptions import InputException
from ...platform.catalog.service import ProductFacts, product_facts
from .api import ImportFileInterface, ImportHistoryInterface, ImportLogInterface
from .service import NAME_LIMIT, Chains, FinderRepository, ImportHistoryRepository, ImportLogRepository
from .tables import dropdown as dropdown_t
from .tables import import_error as error_t
from .tables import import_history as history_t
from .tables import import_log as log_t

PENDING = 0
MAX_FILE_BYTES = 8 * 1024 * 1024


@dataclass
class Outcome:
    """What a run did: lines read, lines stored, map rows added, and the errors by line."""
    lines: int = 0
    processed_lines: int = 0
    processed_rows: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)


def _rows(text: str) -> list[tuple[int, list[str]]]:
    """The non-blank lines of a CSV text with their line numbers (1 is the first line)."""
    reader = csv.reader(io.StringIO(text))
    out = []
    start = 1
    for cells in reader:
        cells = [c.strip() for c in cells]
        if any(cells):
            out.append((start, cells))
        start = reader.line_num + 1
    return out


def _lines(text: str) -> int:
    return len(_rows(text))


def run_file(conn: Any, finder_id: int, text: str) -> Outcome:
    """Check every line of the file, then (only when none failed) store its chains and map rows."""
    dropdowns = list(conn.execute(select(dropdown_t.c.dropdown_id).where(dropdown_t.c.finder_id == finder_id)
                                  .order_by(dropdown_t.c.pos, dropdown_t.c.dropdown_id)).scalars())
    rows = _rows(text)
    outcome = Outcome(lines=len(rows))
    if rows and rows[0][1][-1].lower() == "sku":
        rows = rows[1:]
    if not dropdowns:
        outcome.errors.append((0, "The finder has no dropdowns to import values into."))
        return outcome
    width = len(dropdowns) + 1
    products: dict[str, ProductFacts | None] = {}
    good: list[tuple[list[tuple[int, str]], ProductFacts]] = []
    for line, cells in rows:
        if len(cells) != width:
            outcome.errors.append((line, f"Expected {width} cells (one per dropdown and the SKU), found "
                                         f"{len(cells)}."))
            continue
        empty = [i + 1 for i, cell in enumerate(cells[:-1]) if not cell]
        if empty:
            outcome.errors.append((line, f"Column {empty[0]} has no value."))
            continue
        long = [i + 1 for i, cell in enumerate(cells[:-1]) if len(cell) > NAME_LIMIT]
        if long:
            outcome.errors.append((line, f"Column {long[0]} is longer than {NAME_LIMIT} characters."))
            continue
        sku = cells[-1]
        if not sku:
            outcome.errors.append((line, "The SKU is missing."))
            continue
        if sku not in products:
            products[sku] = product_facts(conn, sku)
        product = products[sku]
        if product is None:
            outcome.errors.append((line, f'The product with SKU "{sku}" does not exist.'))
            continue
        good.append((list(zip(dropdowns, cells[:-1])), product))
    if outcome.errors:
        return outcome
    chains = Chains(conn)
    for pairs, product in good:
        if chains.map(chains.chain(pairs), product):
            outcome.processed_rows += 1
        outcome.processed_lines += 1
    return outcome


class ImportRepository(Service):
    """Queue a finder's import file and run it."""

    interface = "Vendor\\Finder\\Api\\ImportInterface"
    summary = "Parts finder imports"

    def upload(self, finder_id: int, file: ImportFileInterface) -> ImportLogInterface:
        """Queue the file for the finder; the answer is its import log (status 0, waiting)."""
        FinderRepository(self.ctx).load(finder_id)
        name = (file.name or "").strip()
        if not name:
            raise InputException.required("name")   # a name longer than its column: the write check's 400
        if not file.base64_encoded_data:
            raise InputException.required("base64_encoded_data")
        try:
            raw = base64.b64decode(file.base64_encoded_data, validate=True)
            text = raw.decode("utf-8-sig")
        except (binascii.Error, ValueError):
            raise InputException.invalid_value("base64_encoded_data", "(not base64-encoded UTF-8 text)") from None
        if len(raw) > MAX_FILE_BYTES:
            raise InputException.invalid_value("base64_encoded_data", f"(more than {MAX_FILE_BYTES} bytes)")
        now = utc_now()
        inserted = self.conn.execute(insert(log_t).values(
            file_name=name, finder_id=finder_id, updated_at=now, count_lines=_lines(text), status=PENDING,
            is_locked=0, content=text)).inserted_primary_key
        assert inserted is not None
        return ImportLogRepository(self.ctx).get_record(inserted[0])

    def run(self, id: int) -> ImportHistoryInterface:
        """Run the queued file now; the answer is its history row (``count_errors`` 0: stored)."""
        logs = ImportLogRepository(self.ctx)
        history_id = run_log(self.ctx, id)
        if history_id is None:
            raise logs.missing(id)
        return ImportHistoryRepository(self.ctx).get_record(history_id)


def run_log(ctx: Context, log_id: int) -> int | None:
    """Run one queued import log; it leaves the queue as a history row, whose id is returned (None when
    the log is not queued, or another run took it first: its row is locked until that run commits)."""
    conn = ctx.conn
    log = conn.execute(select(log_t).where(log_t.c.file_id == log_id).with_for_update()).first()
    if log is None:
        return None
    started = utc_now()
    conn.execute(update(log_t).where(log_t.c.file_id == log_id).values(started_at=started, is_locked=1))
    outcome = run_file(conn, log.finder_id, log.content)
    ended = utc_now()
    inserted = conn.execute(insert(history_t).values(
        file_name=log.file_name, finder_id=log.finder_id, started_at=started, updated_at=ended, ended_at=ended,
        count_lines=outcome.lines, count_processing_lines=outcome.processed_lines,
        count_processing_rows=outcome.processed_rows, count_errors=len(outcome.errors))).inserted_primary_key
    assert inserted is not None
    history_id = int(inserted[0])
    conn.execute(update(error_t).where(error_t.c.import_file_log_id == log_id)
                 .values(import_file_log_history_id=history_id))
    if outcome.errors:
        conn.execute(insert(error_t), [{"import_file_log_id": log_id, "import_file_log_history_id": history_id,
                                        "created_at": ended, "line": line, "message": message}
                                       for line, message in outcome.errors])
    conn.execute(delete(log_t).where(log_t.c.file_id == log_id))
    return history_id


class RunImports:
    """The scheduled job: every queued import log run, oldest first."""

    def execute(self, ctx: Context) -> None:
        for log_id in list(ctx.conn.execute(select(log_t.c.file_id).where(log_t.c.status == PENDING)
                                            .order_by(log_t.c.file_id)).scalars()):
            run_log(ctx, log_id)
