"""GET /V1/directory/countries[/:countryId] and /V1/directory/currency over HTTP, for guests and tokens."""
import pytest

NOT_AVAILABLE = {"message": "Requested country is not available."}
COUNTRY_KEYS = ["id", "two_letter_abbreviation", "three_letter_abbreviation", "full_name_locale",
                "full_name_english", "available_regions"]


def test_every_country_with_its_regions(guest, admin):
    countries = guest.get("/V1/directory/countries").json()
    assert admin.get("/V1/directory/countries").json() == countries
    by_id = {c["id"]: c for c in countries}
    assert len(countries) >= 249 and {"US", "DE", "FR", "GB", "JP", "XK", "BR"} <= set(by_id)
    us = by_id["US"]
    assert list(us) == COUNTRY_KEYS
    assert (us["two_letter_abbreviation"], us["three_letter_abbreviation"], us["full_name_english"]) == \
        ("US", "USA", "United States")
    regions = {r["code"]: r for r in us["available_regions"]}
    # the platform's own US region ids, as strings
    assert regions["CA"] == {"id": "12", "code": "CA", "name": "California"}
    assert regions["TX"] == {"id": "57", "code": "TX", "name": "Texas"}
    assert len(us["available_regions"]) == 65
    canada = {r["code"]: r["name"] for r in by_id["CA"]["available_regions"]}
    assert canada["ON"] == "Ontario" and canada["QC"] == "Quebec" and len(canada) == 13
    assert {r["code"] for r in by_id["DE"]["available_regions"]} >= {"BY", "BE", "NW"}
    # a country without subdivisions has no region list
    assert "available_regions" not in by_id["XK"]
    ids = [r["id"] for c in countries for r in c.get("available_regions", [])]
    assert len(ids) == len(set(ids))


def test_one_country(guest):
    r = guest.get("/V1/directory/countries/de")
    assert r.status_code == 200
    assert r.json()["id"] == "DE" and r.json()["full_name_locale"] == "Germany"
    for unknown in ("ZZ", "USA", "-1"):
        r = guest.get(f"/V1/directory/countries/{unknown}")
        assert (r.status_code, r.json()) == (404, NOT_AVAILABLE), unknown


def test_the_store_views_allowed_countries(server, guest):
    server.config("general/country/allow", "US,CA")
    try:
        assert [c["id"] for c in guest.get("/V1/directory/countries").json()] == ["CA", "US"]
        r = guest.get("/V1/directory/countries/DE")
        assert (r.status_code, r.json()) == (404, NOT_AVAILABLE)
    finally:
        server.config("general/country/allow", "")
    assert guest.get("/V1/directory/countries/DE").status_code == 200


def test_currency(server, guest):
    assert guest.get("/V1/directory/currency").json() == {
        "base_currency_code": "USD", "base_currency_symbol": "$", "default_display_currency_code": "USD",
        "default_display_currency_symbol": "$", "available_currency_codes": ["USD"],
        "exchange_rates": [{"currency_to": "USD", "rate": 1}]}
    server.config("currency/options/base", "EUR")
    server.config("currency/options/default", "EUR")
    try:
        info = guest.get("/V1/directory/currency").json()
        assert (info["base_currency_code"], info["base_currency_symbol"], info["available_currency_codes"]) == \
            ("EUR", "€", ["EUR"])
    finally:
        server.config("currency/options/base", "USD")
        server.config("currency/options/default", "USD")


@pytest.mark.parametrize("path", ["/V1/directory/countries", "/V1/directory/countries/US", "/V1/directory/currency"])
def test_fields_trims(guest, path):
    r = guest.get(path, params={"fields": "id,base_currency_code"})
    assert r.status_code == 200
