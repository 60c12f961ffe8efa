const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in US dollars as the screens show it: '$2,943.12'. */
export const formatUsd = (amount: number): string => usd.format(amount);
