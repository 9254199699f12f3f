"""What other packages may read of an admin user: ``service.admin_user_by_id``."""
import sqlalchemy as sa

from vdcommerce.platform.integration.service import AdminUser, admin_user_by_id, create_admin
from vdcommerce.platform.integration.tables import admin_role, admin_user


def test_admin_user_by_id():
    engine = sa.create_engine("sqlite://")
    admin_role.metadata.create_all(engine, tables=[admin_role, admin_user])
    with engine.begin() as conn:
        user_id = create_admin(conn, "helpdesk", "Helpdesk-Passw0rd", email="desk@example.com")
        assert admin_user_by_id(conn, user_id) == AdminUser(user_id, "helpdesk", "desk@example.com", True)
        conn.execute(admin_user.update().values(is_active=False))
        assert admin_user_by_id(conn, user_id) == AdminUser(user_id, "helpdesk", "desk@example.com", False)
        assert admin_user_by_id(conn, user_id + 1) is None
