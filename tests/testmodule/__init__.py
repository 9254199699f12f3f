"""A module only the test suite loads (``VDC_EXTRA_PACKAGES=tests.testmodule``).

It is built the way every vendor module is: a plain repository of "things" on the shared kit, and
extension attributes on the platform's cart, order and cart price rule, with handlers for the cart's
and the order's and an observer that carries the cart's note to the order when it is placed.
"""
from . import service, tables  # noqa: F401
from . import rules  # noqa: F401
from . import media  # noqa: F401,E402
from . import mail  # noqa: F401
from . import quote  # noqa: F401
from . import catalog  # noqa: F401
from . import sales  # noqa: F401
from . import store  # noqa: F401
from . import cron  # noqa: F401
from . import newsletter  # noqa: F401
from . import customer  # noqa: F401
from . import slow  # noqa: F401
