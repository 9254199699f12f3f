"""The demo labels that `vdcommerce demo load` adds (and `make serve` shows)."""


def test_demo_labels(own_server):
    own_server.cli("demo", "load", "label")
    own_server.cli("demo", "load", "label")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        labels = admin.get("/V1/vendor_labels/all").json()
        assert [lb["name"] for lb in labels] == ["New arrival", "Summer sale badge"]
        assert all(lb["status"] == 1 for lb in labels)
        sale = labels[1]
        assert '"attribute": "price"' in sale["condition_serialized"].replace('":"', '": "')
        part = admin.get(f"/V1/vendor_labels/get/{sale['label_id']}", params={"mode": 1}).json()
        assert part["extension_attributes"]["frontend_settings"]["image_size"] == "15"
        assert admin.get(f"/V1/vendor_labels/assignment/{sale['label_id']}").json()["store_ids"] == [0]
        # only the named module's demo data (and the platform's): the FAQ's was not loaded
        assert admin.get("/V1/vendor_faq/question/all", params={"searchCriteria[pageSize]": 5}).json()["total_count"] == 0
    r = own_server.cli("demo", "load", "label", "nosuch", check=False)
    assert r.returncode == 2 and "no module nosuch with demo data" in r.stderr
