"""What a connection and a player may cost the server: who may connect and how a flood is cut off (admission,
netaddress), the byte budget (budget), token buckets (ratelimit) and hourly quotas (quotas). Every transport asks
here; none keeps limits of its own."""
