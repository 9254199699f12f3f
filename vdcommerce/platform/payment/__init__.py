"""The platform's five payment methods (declared in etc/config.xml; the registry is quote/payments.py)."""
