"""The platform's ACL tree root and admin resources."""
