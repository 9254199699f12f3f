"""Countries and regions the customer addresses resolve against.

Every ISO 3166-1 alpha-2 country is allowed. US regions carry the platform's region ids
(California ``CA`` = 12, Texas ``TX`` = 57); other countries take a free-text region.
"""
from __future__ import annotations

COUNTRIES = frozenset("""
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI
FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN
IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME
MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV
SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE
YT ZA ZM ZW XK
""".split())

# countries whose addresses may leave out the postcode (the platform's default list)
OPTIONAL_POSTCODE = frozenset({"HK", "IE", "MO", "PA", "GB"})


class Region:
    __slots__ = ("region_id", "country_id", "code", "name")

    def __init__(self, region_id: int, country_id: str, code: str, name: str):
        self.region_id, self.country_id, self.code, self.name = region_id, country_id, code, name


_US = [
    (1, "AL", "Alabama"), (2, "AK", "Alaska"), (3, "AS", "American Samoa"), (4, "AZ", "Arizona"),
    (5, "AR", "Arkansas"), (6, "AE", "Armed Forces Africa"), (7, "AA", "Armed Forces Americas"),
    (8, "AE", "Armed Forces Canada"), (9, "AE", "Armed Forces Europe"), (10, "AE", "Armed Forces Middle East"),
    (11, "AP", "Armed Forces Pacific"), (12, "CA", "California"), (13, "CO", "Colorado"),
    (14, "CT", "Connecticut"), (15, "DE", "Delaware"), (16, "DC", "District of Columbia"),
    (17, "FM", "Federated States Of Micronesia"), (18, "FL", "Florida"), (19, "GA", "Georgia"),
    (20, "GU", "Guam"), (21, "HI", "Hawaii"), (22, "ID", "Idaho"), (23, "IL", "Illinois"),
    (24, "IN", "Indiana"), (25, "IA", "Iowa"), (26, "KS", "Kansas"), (27, "KY", "Kentucky"),
    (28, "LA", "Louisiana"), (29, "ME", "Maine"), (30, "MH", "Marshall Islands"), (31, "MD", "Maryland"),
    (32, "MA", "Massachusetts"), (33, "MI", "Michigan"), (34, "MN", "Minnesota"), (35, "MS", "Mississippi"),
    (36, "MO", "Missouri"), (37, "MT", "Montana"), (38, "NE", "Nebraska"), (39, "NV", "Nevada"),
    (40, "NH", "New Hampshire"), (41, "NJ", "New Jersey"), (42, "NM", "New Mexico"), (43, "NY", "New York"),
    (44, "NC", "North Carolina"), (45, "ND", "North Dakota"), (46, "MP", "Northern Mariana Islands"),
    (47, "OH", "Ohio"), (48, "OK", "Oklahoma"), (49, "OR", "Oregon"), (50, "PW", "Palau"),
    (51, "PA", "Pennsylvania"), (52, "PR", "Puerto Rico"), (53, "RI", "Rhode Island"),
    (54, "SC", "South Carolina"), (55, "SD", "South Dakota"), (56, "TN", "Tennessee"), (57, "TX", "Texas"),
    (58, "UT", "Utah"), (59, "VT", "Vermont"), (60, "VI", "Virgin Islands"), (61, "VA", "Virginia"),
    (62, "WA", "Washington"), (63, "WV", "West Virginia"), (64, "WI", "Wisconsin"), (65, "WY", "Wyoming"),
]

REGIONS: dict[int, Region] = {rid: Region(rid, "US", code, name) for rid, code, name in _US}

# (country, upper-case code or name) -> region; the first id wins where codes repeat (AE)
_BY_CODE: dict[tuple[str, str], Region] = {}
_BY_NAME: dict[tuple[str, str], Region] = {}
for _r in REGIONS.values():
    _BY_CODE.setdefault((_r.country_id, _r.code.upper()), _r)
    _BY_NAME.setdefault((_r.country_id, _r.name.upper()), _r)

# countries whose addresses must name one of their regions
REGION_REQUIRED = frozenset(r.country_id for r in REGIONS.values())


def region_by_id(region_id: int) -> Region | None:
    return REGIONS.get(region_id)


def region_by_code(country_id: str, code: str) -> Region | None:
    return _BY_CODE.get((country_id, code.strip().upper()))


def region_by_name(country_id: str, name: str) -> Region | None:
    return _BY_NAME.get((country_id, name.strip().upper()))
