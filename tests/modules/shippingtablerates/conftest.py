"""One server for the module's tests: the ``vdstrates`` carrier is on as installed, so every method with
rates changes every estimate; the tests of this folder share a database of their own (one server for
the package)."""
from __future__ import annotations

import base64

import pytest

from tests.helpers.harness import server_fixture

HEADER = ("Country,State,City,Zip From,Zip To,Price From,Price To,Weight From,Weight To,Qty From,Qty To,"
          "Shipping Type,Rate,PPP,FRPP,FRPUW,Estimated Delivery (days),Name Delivery\n")


def csv_body(*lines: str, delete_existing: bool = True) -> dict:
    text = HEADER + "".join(line + "\n" for line in lines)
    return {"fileContent": {"base64_encoded_data": base64.b64encode(text.encode()).decode(),
                            "name_with_extension": "rates.csv"}, "deleteExisting": delete_existing}


srv = server_fixture("vdstrates", scope="package")


@pytest.fixture(scope="package")
def token(srv) -> str:
    return srv.token()


@pytest.fixture
def adm(srv, token):
    with srv.client(token, store="all") as c:
        yield c


@pytest.fixture
def anon(srv):
    with srv.client() as c:
        yield c
