-- Token buckets of the abuse-prone routes, shared by every gateway replica
-- (a load balancer that is not sticky sends one visitor to all of them).
-- key is route|client address; tokens is what was left at updated_at.
CREATE TABLE gateway.rate_limits (
    key        text PRIMARY KEY,
    tokens     double precision NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE INDEX rate_limits_updated_idx ON gateway.rate_limits (updated_at);
