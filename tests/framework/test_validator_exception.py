"""A validation failure with a headline (``ValidatorException``): answered 400 with its own message and
every entry under ``errors``, a single entry too; an aggregated ``InputException`` of one entry still
collapses to that entry."""


def test_the_headline_stays_with_one_entry_and_with_several(admin):
    r = admin.post("/V1/vdtest/validate", json={"entries": ["Delivery Date cannot be in the past."]})
    assert r.status_code == 400
    assert r.json() == {"message": "Thing Validation Failed", "errors": [
        {"message": "%1", "parameters": ["Delivery Date cannot be in the past."]}]}
    r = admin.post("/V1/vdtest/validate", json={"entries": ["one", "two"]})
    assert r.status_code == 400
    assert r.json() == {"message": "Thing Validation Failed", "errors": [
        {"message": "%1", "parameters": ["one"]}, {"message": "%1", "parameters": ["two"]}]}
    assert admin.post("/V1/vdtest/validate", json={"entries": []}).json() is True


def test_an_aggregate_of_one_still_collapses(admin):
    # one required parameter missing: the aggregate answers the entry itself, without a headline
    r = admin.post("/V1/products", json={})
    assert r.status_code == 400 and r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                                                 "parameters": {"fieldName": "product"}}
