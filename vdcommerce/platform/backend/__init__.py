"""The platform's ACL tree root and admin resources (platform.md 4.7)."""
