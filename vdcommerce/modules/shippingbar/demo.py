"""A demo free shipping bar: shown at the top of every storefront page (checkout excepted) to every
customer group, with a 100.00 goal (nothing when a profile exists already)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import ProfileInterface
from .service import ProfileRepository
from .tables import profile

DEFAULT_BAR = {
    "name": "Default bar", "status": 1, "goal": 100, "goal_source": 0, "priority": 1, "stores": "0",
    "customer_groups": "0,1,2,3", "position": 10, "pages": "home,category,product,search,cart,other",
    "action_clickable": 0, "closeable": 1, "car_icon_visible": 1, "text_font": 0, "text_size": 14,
    "text_color": "#ffffff", "extra_color": "#ffd200", "background_color": "#1979c3", "custom_style": "",
    "labels": {"init_message": "Free shipping for orders over {{ruleGoal}}!",
               "progress_message": "Only {{ruleGoalLeft}} more for free shipping!",
               "achieved_message": "Good news: your order ships free!", "terms_message": ""},
}


def load(conn: Connection) -> None:
    if conn.execute(select(profile.c.profile_id).limit(1)).first() is not None:
        return
    ProfileRepository(Context(conn, store_id=0)).save(ProfileInterface.model_validate(DEFAULT_BAR))
