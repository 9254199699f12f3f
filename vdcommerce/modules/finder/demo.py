"""Demo finder: "Gear finder" with Activity -> Category -> Size chains leading to the catalog's demo
products, one universal product, and a finished import in the history (nothing when there is a
finder already)."""
import base64

from sqlalchemy import Connection, select

from ...framework.context import Context
from ...platform.catalog.service import product_facts
from .api import DropdownInterface, FinderInterface, FinderOptionInterface, ImportFileInterface, UniversalInterface
from .imports import ImportRepository
from .service import DropdownRepository, FinderRepository, UniversalRepository, ValueRepository
from .tables import finder

CHAINS = [
    (("Running", "Tops", "S"), "MS-TEE-S"),
    (("Running", "Tops", "M"), "MS-TEE-M"),
    (("Running", "Tops", "L"), "MS-TEE-L"),
    (("Training", "Hoodies", "M"), "WS-HOODIE-M"),
]
IMPORTED = "activity,category,size,sku\nHiking,Bags,One size,24-MB01\nTraining,Equipment,One size,24-UG06\n"


def load(conn: Connection) -> None:
    if conn.execute(select(finder.c.finder_id).limit(1)).first() is not None:
        return
    ctx = Context(conn, store_id=0)
    made = FinderRepository(ctx).save(FinderInterface.model_validate(
        {"name": "Gear finder", "cnt": 3, "template": "vertical", "meta_title": "Find your gear"}))
    dropdowns = [DropdownRepository(ctx).save(DropdownInterface.model_validate(
        {"finder_id": made.finder_id, "pos": pos, "name": name, "sort": sort}))
        for pos, (name, sort) in enumerate((("Activity", 0), ("Category", 0), ("Size", 0)))]
    values = ValueRepository(ctx)
    for names, sku in CHAINS:
        if product_facts(conn, sku) is None:
            continue
        values.save_option(sku, [FinderOptionInterface.model_validate({"dropdown_id": d.dropdown_id, "value": n})
                                 for d, n in zip(dropdowns, names)])
    if product_facts(conn, "24-WG085") is not None:
        UniversalRepository(ctx).save(UniversalInterface.model_validate({"finder_id": made.finder_id,
                                                                          "sku": "24-WG085"}))
    if all(product_facts(conn, sku) is not None for sku in ("24-MB01", "24-UG06")):
        imports = ImportRepository(ctx)
        assert made.finder_id is not None
        log = imports.upload(made.finder_id, ImportFileInterface.model_validate(
            {"name": "gear.csv", "base64_encoded_data": base64.b64encode(IMPORTED.encode()).decode()}))
        assert log.file_id is not None
        imports.run(int(log.file_id))
