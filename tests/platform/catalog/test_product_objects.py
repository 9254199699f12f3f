"""catalog.service.product_objects: full product objects for other packages, in the order asked,
unknown ids left out, every product when no ids are given; the same shape as GET /V1/products/:sku."""
from tests.helpers import ok, unique

from vdcommerce.framework.context import Context
from vdcommerce.platform.catalog.service import product_objects


def test_product_objects_match_the_product_route(server, admin, sql):
    made = [ok(admin.post("/V1/products", json={"product": {"sku": unique("PO-"), "name": "P", "price": 5}}))
            for _ in range(3)]
    ids = [p["id"] for p in made]
    with sql.connect() as conn:
        ctx = Context(conn, store_id=0)
        asked = product_objects(ctx, [ids[2], 99999999, ids[0], ids[2]], batch=1)
        everything = product_objects(ctx, batch=2)
    assert [p.dump() for p in asked] == [ok(admin.get(f"/V1/products/{made[i]['sku']}")) for i in (2, 0)]
    assert set(ids) <= {p.id for p in everything}
    assert [p.id for p in everything] == sorted(p.id for p in everything)
