"""Complete recorded games (golden replays), offered as demos."""
