"""The module's demo data: loaded by `vdcommerce demo load`, once, and served like any template."""


def test_demo_templates(own_server):
    own_server.cli("demo", "load", "prot")
    own_server.cli("demo", "load", "prot")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        page = admin.get("/V1/vendor_prot/templates?searchCriteria=").json()
    assert [t["name"] for t in page["items"]] == ["Engraving and gift box", "Monogram", "Photo print"]
    box = page["items"][0]["options"][1]
    assert box["type"] == "drop_down" and [v["swatch_value"] for v in box["values"]] == ["#c0392b", "#d4af37"]
