"""The demo cards that `vdcommerce demo load` adds (and `make serve` shows)."""


def test_demo_cards(own_server):
    own_server.cli("demo", "load", "giftcard")
    own_server.cli("demo", "load", "giftcard")  # a second load adds nothing
    with own_server.client(own_server.token()) as admin:
        assert [i["title"] for i in admin.get("/V1/vdgcard/image/all").json()] == ["Birthday"]
        [pool] = admin.get("/V1/vdgcard/code-pool/all").json()
        assert pool["template"] == "DEMO-{L}{L}{D}{D}{D}{D}"
        cards = admin.get("/V1/vdgcard/account/all").json()
        assert [(c["current_value"], c["status"], c.get("redeemable")) for c in cards] == [(50, 1, False), (25, 1, True)]
        assert all(c["code_model"]["code"].startswith("DEMO-") for c in cards)
        # each demo card's history starts with its creation
        for card in cards:
            [created] = admin.get(f"/V1/vdgcard/account/{card['account_id']}/history").json()
            assert (created["action"], created["difference"], created["balance"]) == (1,) + (card["current_value"],) * 2
