"""Weather Machine (Vital Lacerda): component data and the pure rules."""
