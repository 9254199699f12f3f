"""The catalog's text search (``catalog.search``), through the test module's route: every word in the
SKU or the name, enabled, visible, in stock, in the website; the SKU equal to the term first, then SKUs
starting with it, then names in byte order, the same on SQLite and PostgreSQL."""
from tests.helpers import ok, unique
from tests.helpers.quote import error, product


def test_words_filters_and_order(server, admin_token, admin):
    w = unique("srch").lower()
    made = {
        "exact": product(server, admin_token, sku=w, name=f"zz {w}"),
        "prefix_b": product(server, admin_token, sku=f"{w}-b", name="Beta"),
        "prefix_a": product(server, admin_token, sku=f"{w}-a", name="alpha"),
        "under": product(server, admin_token, sku=unique("s-"), name=f"_under {w} kit"),
        "upper": product(server, admin_token, sku=unique("s-"), name=f"Apple {w.upper()} kit"),
        "space": product(server, admin_token, sku=unique("s-"), name=f"apple  {w} kit"),
        "catalog_only": product(server, admin_token, sku=unique("s-"), name=f"Catalog {w}", visibility=2),
    }
    product(server, admin_token, sku=unique("s-"), name=f"Search only {w}", visibility=3)
    product(server, admin_token, sku=unique("s-"), name=f"Not visible {w}", visibility=1)
    product(server, admin_token, sku=unique("s-"), name=f"Disabled {w}", status=2)
    product(server, admin_token, sku=unique("s-"), name=f"Sold out {w}", qty=0)
    found = ok(admin.get("/V1/vdtest/catalog/search", params={"term": w, "limit": 50}))
    # the lower-cased names in byte order: "_under" < "apple  <w>" (two spaces) < "apple <w>" < "catalog",
    # where a language's collation would skip the punctuation and the spaces
    assert found == [made[k]["sku"] for k in ("exact", "prefix_a", "prefix_b", "under", "space", "upper",
                                              "catalog_only")]
    assert ok(admin.get("/V1/vdtest/catalog/search", params={"term": f"KIT {w}", "limit": 50})) == \
        [made[k]["sku"] for k in ("under", "space", "upper")]
    assert ok(admin.get("/V1/vdtest/catalog/search", params={"term": f"{w} kit", "limit": 2})) == \
        [made[k]["sku"] for k in ("under", "space")]
    assert ok(admin.get("/V1/vdtest/catalog/search", params={"term": f"{w}%"})) == []
    assert ok(admin.get("/V1/vdtest/catalog/search", params={"term": f"{w}_a"})) == []


def test_term_checks(server, admin):
    error(admin.get("/V1/vdtest/catalog/search"), 400, '"%fieldName" is required. Enter and try again.',
          {"fieldName": "searchTerm"})
    error(admin.get("/V1/vdtest/catalog/search", params={"term": " ab "}), 400, "Minimum Search query length is %1", [3])
    error(admin.get("/V1/vdtest/catalog/search", params={"term": "x" * 129}), 400,
          "Maximum Search query length is %1", [128])
    server.config("catalog/search/max_query_length", "10")
    try:
        error(admin.get("/V1/vdtest/catalog/search", params={"term": "x" * 11}), 400,
              "Maximum Search query length is %1", [10])
    finally:
        server.config("catalog/search/max_query_length", None)
