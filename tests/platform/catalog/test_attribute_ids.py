"""The fixed attribute ids of the select attributes (catalog.options.ATTRIBUTE_IDS), which packages use
to accept an attribute named by id as well as by code."""
from vdcommerce.platform.catalog.options import ATTRIBUTE_IDS, SELECT_ATTRIBUTES


def test_every_select_attribute_has_one_id_of_its_own():
    assert sorted(ATTRIBUTE_IDS) == sorted(SELECT_ATTRIBUTES)
    assert len(set(ATTRIBUTE_IDS.values())) == len(ATTRIBUTE_IDS)
    assert ATTRIBUTE_IDS["color"] == 93 and ATTRIBUTE_IDS["manufacturer"] == 83
