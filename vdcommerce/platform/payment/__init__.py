"""Payment methods: the registry of declared methods and the platform's five."""
