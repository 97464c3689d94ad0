import type { AssetClass, InstrumentSeed } from '../market.types.js';

/**
 * The instrument catalogue the market module seeds: real instruments with honest metadata.
 *
 * - `referencePrice` is only where the sandbox simulator starts: a recent real-world level
 *   (late 2025), always shown labelled as sandbox data (SPEC §0.2). It is not a quote.
 * - Crypto tick and lot steps follow Binance spot's PRICE_FILTER / LOT_SIZE for the pair at
 *   the time of writing; Binance changes them now and then, so a live feed should trust the
 *   exchange's `exchangeInfo` over these seeds. Minimum sizes are set to a few USDT of notional
 *   (Binance's minimum order value is 5 USDT).
 * - Logos are never trademarked artwork: crypto icons come from `cryptocurrency-icons` (CC0),
 *   currency flags from `flag-icons` (MIT), everything else is a generated monogram.
 */

/** SPEC §0.7: default leverage caps, the ESMA retail limits. */
export const DEFAULT_LEVERAGE_CAPS: Record<AssetClass, number> = {
  forex_major: 30,
  forex_minor: 20,
  gold: 20,
  index_major: 20,
  index_minor: 10,
  commodity: 10,
  stock: 5,
  etf: 5,
  crypto: 2,
};

/**
 * SPEC §9: how many decimals to show for a price.
 *
 * Rules, on the absolute value of the price:
 *   price < 0.1          → 5 decimals
 *   0.1 ≤ price < 1      → 4
 *   1   ≤ price < 10     → 4
 *   10  ≤ price < 100    → 3
 *   100 ≤ price < 1000   → 2
 *   price ≥ 1000         → 1
 * The instrument's tick size overrides when it has more decimals than that (EURUSD at tick
 * 0.00001 shows 5 decimals at 1.158; BTCUSDT at tick 0.01 shows 2 at 90 000). Trailing zeros
 * of the tick ('0.010') do not count. A price that is not a finite number uses the tick alone.
 */
export function pricePrecision(price: number, tickSize: string): number {
  const tickDecimals = decimalsOf(tickSize);
  if (!Number.isFinite(price)) return tickDecimals;
  const magnitude = Math.abs(price);
  let byMagnitude: number;
  if (magnitude < 0.1) byMagnitude = 5;
  else if (magnitude < 10) byMagnitude = 4;
  else if (magnitude < 100) byMagnitude = 3;
  else if (magnitude < 1000) byMagnitude = 2;
  else byMagnitude = 1;
  return Math.max(byMagnitude, tickDecimals);
}

/** Significant decimals of a decimal string: '0.00001' → 5, '0.25' → 2, '0.010' → 2, '1' → 0. */
function decimalsOf(decimal: string): number {
  const match = /^\d+(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal string: ${decimal}`);
  return (match[1] ?? '').replace(/0+$/, '').length;
}

// ---------------------------------------------------------------------------------------------
// Forex (type 1)

type Currency = { name: string; noun: string; flag: string };

const CURRENCIES: Record<string, Currency> = {
  EUR: { name: 'Euro', noun: 'euro', flag: 'eu' },
  USD: { name: 'US Dollar', noun: 'US dollar', flag: 'us' },
  GBP: { name: 'British Pound', noun: 'British pound', flag: 'gb' },
  JPY: { name: 'Japanese Yen', noun: 'Japanese yen', flag: 'jp' },
  CHF: { name: 'Swiss Franc', noun: 'Swiss franc', flag: 'ch' },
  AUD: { name: 'Australian Dollar', noun: 'Australian dollar', flag: 'au' },
  CAD: { name: 'Canadian Dollar', noun: 'Canadian dollar', flag: 'ca' },
  NZD: { name: 'New Zealand Dollar', noun: 'New Zealand dollar', flag: 'nz' },
  SGD: { name: 'Singapore Dollar', noun: 'Singapore dollar', flag: 'sg' },
  HKD: { name: 'Hong Kong Dollar', noun: 'Hong Kong dollar', flag: 'hk' },
  NOK: { name: 'Norwegian Krone', noun: 'Norwegian krone', flag: 'no' },
  SEK: { name: 'Swedish Krona', noun: 'Swedish krona', flag: 'se' },
  MXN: { name: 'Mexican Peso', noun: 'Mexican peso', flag: 'mx' },
};

function currency(code: string): Currency {
  const found = CURRENCIES[code];
  if (!found) throw new Error(`unknown currency ${code}`);
  return found;
}

/**
 * The leverage class follows ESMA's definition of a major pair (any two of USD, EUR, JPY, GBP,
 * CAD and CHF: 30:1); every other pair is non-major (20:1). So AUDUSD and NZDUSD, majors by
 * trading habit, are capped at 20:1, and crosses such as EURGBP at 30:1.
 */
const ESMA_MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);
export const esmaForexClass = (code: string): 'forex_major' | 'forex_minor' =>
  ESMA_MAJOR_CURRENCIES.has(code.slice(0, 3)) && ESMA_MAJOR_CURRENCIES.has(code.slice(3))
    ? 'forex_major'
    : 'forex_minor';

const FOREX: ReadonlyArray<[code: string, price: string, lead: string]> = [
  ['EURUSD', '1.15800', 'the most traded currency pair in the world'],
  ['GBPUSD', '1.31500', 'a major pair often called "cable"'],
  ['USDJPY', '155.000', 'a major pair quoted in yen per US dollar'],
  ['USDCHF', '0.80500', 'a major pair quoted in Swiss francs per US dollar'],
  ['AUDUSD', '0.65000', 'a major pair often called "the Aussie"'],
  ['USDCAD', '1.40500', 'a major pair often called "the loonie"'],
  ['NZDUSD', '0.56500', 'a major pair often called "the kiwi"'],
  ['EURGBP', '0.88000', 'a cross rate between two of the largest European currencies'],
  ['EURJPY', '179.500', 'a cross rate quoted in yen per euro'],
  ['GBPJPY', '203.500', 'a cross rate quoted in yen per pound'],
  ['EURCHF', '0.93200', 'a cross rate quoted in Swiss francs per euro'],
  ['AUDJPY', '100.800', 'a cross rate quoted in yen per Australian dollar'],
  ['EURAUD', '1.78000', 'a cross rate quoted in Australian dollars per euro'],
  ['EURCAD', '1.62800', 'a cross rate quoted in Canadian dollars per euro'],
  ['GBPCHF', '1.05800', 'a cross rate quoted in Swiss francs per pound'],
  ['CADJPY', '110.300', 'a cross rate quoted in yen per Canadian dollar'],
  ['CHFJPY', '192.500', 'a cross rate quoted in yen per Swiss franc'],
  ['AUDNZD', '1.15000', 'a cross rate between the Australian and New Zealand dollars'],
  ['NZDJPY', '87.600', 'a cross rate quoted in yen per New Zealand dollar'],
  ['GBPAUD', '2.02300', 'a cross rate quoted in Australian dollars per pound'],
  ['EURNZD', '2.04700', 'a cross rate quoted in New Zealand dollars per euro'],
  ['GBPCAD', '1.84800', 'a cross rate quoted in Canadian dollars per pound'],
  ['GBPNZD', '2.32700', 'a cross rate quoted in New Zealand dollars per pound'],
  ['AUDCAD', '0.91300', 'a cross rate quoted in Canadian dollars per Australian dollar'],
  ['AUDCHF', '0.52300', 'a cross rate quoted in Swiss francs per Australian dollar'],
  ['NZDCAD', '0.79400', 'a cross rate quoted in Canadian dollars per New Zealand dollar'],
  ['CADCHF', '0.57300', 'a cross rate quoted in Swiss francs per Canadian dollar'],
  ['USDSGD', '1.30500', 'a minor pair quoted in Singapore dollars per US dollar'],
  ['USDHKD', '7.78000', 'a minor pair; the Hong Kong dollar is pegged to the US dollar between 7.75 and 7.85'],
  ['USDNOK', '10.15000', 'a minor pair quoted in Norwegian kroner per US dollar'],
  ['USDSEK', '9.50000', 'a minor pair quoted in Swedish kronor per US dollar'],
  ['USDMXN', '18.40000', 'a minor pair quoted in Mexican pesos per US dollar'],
];

const FOREX_SEEDS: InstrumentSeed[] = FOREX.map(([code, referencePrice, lead]) => {
  const base = code.slice(0, 3);
  const quote = code.slice(3);
  const b = currency(base);
  const q = currency(quote);
  return {
    code,
    type: 1,
    assetClass: esmaForexClass(code),
    name: `${b.name} / ${q.name}`,
    base,
    quote,
    description: `The ${b.noun} against the ${q.noun}, ${lead}. It trades over the counter around the clock from Sunday 17:00 to Friday 17:00 New York time.`,
    tickSize: quote === 'JPY' ? '0.001' : '0.00001',
    contractSize: '100000',
    minLots: '0.01',
    maxLots: '50',
    lotStep: '0.01',
    hours: 'forex_24_5',
    referencePrice,
    logo: { kind: 'flags', base: b.flag, quote: q.flag },
  };
});

// ---------------------------------------------------------------------------------------------
// Crypto (type 2), quoted in USDT, as listed on Binance spot

type CryptoRow = [
  base: string,
  name: string,
  tickSize: string,
  lotStep: string,
  minLots: string,
  maxLots: string,
  price: string,
  about: string,
];

const CRYPTO: readonly CryptoRow[] = [
  [
    'BTC',
    'Bitcoin',
    '0.01',
    '0.00001',
    '0.0001',
    '100',
    '90000.00',
    'The first and largest cryptocurrency by market value, secured by proof-of-work mining.',
  ],
  [
    'ETH',
    'Ethereum',
    '0.01',
    '0.0001',
    '0.002',
    '2000',
    '3000.00',
    'The native currency of Ethereum, a proof-of-stake blockchain for smart contracts.',
  ],
  ['BNB', 'BNB', '0.01', '0.001', '0.01', '5000', '900.00', 'The native token of BNB Chain, issued by Binance.'],
  [
    'SOL',
    'Solana',
    '0.01',
    '0.001',
    '0.05',
    '20000',
    '140.00',
    'The native token of Solana, a high-throughput proof-of-stake blockchain.',
  ],
  [
    'XRP',
    'XRP',
    '0.0001',
    '0.1',
    '5',
    '1000000',
    '2.1000',
    'The native token of the XRP Ledger, a payments-oriented blockchain.',
  ],
  [
    'ADA',
    'Cardano',
    '0.0001',
    '0.1',
    '10',
    '2000000',
    '0.4500',
    'The native token of Cardano, a proof-of-stake blockchain.',
  ],
  [
    'DOGE',
    'Dogecoin',
    '0.00001',
    '1',
    '30',
    '10000000',
    '0.15000',
    'A proof-of-work cryptocurrency that started in 2013 as a joke based on a meme.',
  ],
  [
    'TRX',
    'TRON',
    '0.0001',
    '0.1',
    '20',
    '5000000',
    '0.2800',
    'The native token of the TRON blockchain, widely used for USDT transfers.',
  ],
  [
    'DOT',
    'Polkadot',
    '0.001',
    '0.01',
    '2',
    '200000',
    '2.500',
    'The native token of Polkadot, a network that connects several blockchains.',
  ],
  [
    'LINK',
    'Chainlink',
    '0.01',
    '0.01',
    '0.5',
    '100000',
    '13.00',
    'The token of Chainlink, a network that brings outside data to smart contracts.',
  ],
  [
    'LTC',
    'Litecoin',
    '0.01',
    '0.001',
    '0.1',
    '20000',
    '85.00',
    'A proof-of-work cryptocurrency created in 2011 as a lighter fork of Bitcoin.',
  ],
  [
    'BCH',
    'Bitcoin Cash',
    '0.1',
    '0.001',
    '0.01',
    '5000',
    '500.0',
    'A proof-of-work cryptocurrency that split from Bitcoin in 2017 to allow larger blocks.',
  ],
  [
    'AVAX',
    'Avalanche',
    '0.01',
    '0.01',
    '0.5',
    '100000',
    '14.00',
    'The native token of Avalanche, a proof-of-stake smart-contract platform.',
  ],
  [
    'XLM',
    'Stellar',
    '0.0001',
    '1',
    '20',
    '5000000',
    '0.2500',
    'The native token of Stellar, a network for payments and asset issuance.',
  ],
  [
    'ATOM',
    'Cosmos',
    '0.001',
    '0.01',
    '2',
    '200000',
    '2.500',
    'The native token of the Cosmos Hub, the first chain of the Cosmos network.',
  ],
  [
    'UNI',
    'Uniswap',
    '0.001',
    '0.01',
    '1',
    '200000',
    '6.500',
    'The governance token of Uniswap, a decentralised exchange on Ethereum.',
  ],
  [
    'ETC',
    'Ethereum Classic',
    '0.01',
    '0.01',
    '0.5',
    '100000',
    '13.00',
    'The original Ethereum chain that continued without the 2016 DAO fork, still proof-of-work.',
  ],
  [
    'FIL',
    'Filecoin',
    '0.001',
    '0.01',
    '3',
    '500000',
    '1.800',
    'The token of Filecoin, a decentralised file-storage network.',
  ],
  [
    'AAVE',
    'Aave',
    '0.01',
    '0.001',
    '0.05',
    '10000',
    '180.00',
    'The governance token of Aave, a decentralised lending protocol.',
  ],
  [
    'ALGO',
    'Algorand',
    '0.0001',
    '1',
    '40',
    '5000000',
    '0.1400',
    'The native token of Algorand, a proof-of-stake blockchain.',
  ],
  [
    'ICP',
    'Internet Computer',
    '0.001',
    '0.01',
    '2',
    '200000',
    '4.500',
    'The native token of the Internet Computer, a blockchain run by the DFINITY Foundation.',
  ],
  [
    'VET',
    'VeChain',
    '0.00001',
    '0.1',
    '500',
    '50000000',
    '0.01400',
    'The native token of VeChainThor, a blockchain aimed at supply-chain tracking.',
  ],
  [
    'SAND',
    'The Sandbox',
    '0.0001',
    '1',
    '40',
    '5000000',
    '0.1600',
    'The token of The Sandbox, a virtual world game on Ethereum.',
  ],
  [
    'MANA',
    'Decentraland',
    '0.0001',
    '1',
    '40',
    '5000000',
    '0.1800',
    'The token of Decentraland, a virtual world on Ethereum.',
  ],
  [
    'GRT',
    'The Graph',
    '0.00001',
    '1',
    '100',
    '10000000',
    '0.05000',
    'The token of The Graph, a protocol for indexing and querying blockchain data.',
  ],
  [
    'XTZ',
    'Tezos',
    '0.001',
    '0.1',
    '10',
    '1000000',
    '0.550',
    'The native token of Tezos, a self-amending proof-of-stake blockchain.',
  ],
  [
    'THETA',
    'Theta Network',
    '0.001',
    '0.1',
    '10',
    '1000000',
    '0.400',
    'The token of Theta Network, a blockchain for video delivery.',
  ],
  [
    'COMP',
    'Compound',
    '0.01',
    '0.001',
    '0.2',
    '20000',
    '30.00',
    'The governance token of Compound, a decentralised lending protocol.',
  ],
  [
    'CRV',
    'Curve DAO Token',
    '0.001',
    '0.1',
    '10',
    '2000000',
    '0.450',
    'The governance token of Curve, a decentralised exchange for stablecoins.',
  ],
  [
    'ZEC',
    'Zcash',
    '0.01',
    '0.001',
    '0.02',
    '20000',
    '500.00',
    'A proof-of-work cryptocurrency with optional shielded (private) transactions.',
  ],
];

const CRYPTO_SEEDS: InstrumentSeed[] = CRYPTO.map(
  ([base, name, tickSize, lotStep, minLots, maxLots, referencePrice, about]) => {
    const code = `${base}USDT`;
    return {
      code,
      type: 2,
      assetClass: 'crypto',
      name: `${name} / Tether`,
      base,
      quote: 'USDT',
      description: `${about} It is quoted here in Tether (USDT) and trades around the clock, for example on Binance spot as ${code}.`,
      tickSize,
      contractSize: '1',
      minLots,
      maxLots,
      lotStep,
      hours: 'crypto_24_7',
      referencePrice,
      logo: { kind: 'crypto', symbol: base.toLowerCase() },
      feedSymbols: { binance: code },
    };
  },
);

// ---------------------------------------------------------------------------------------------
// US stocks (type 3) and ETFs (type 4)

type EquityRow = [code: string, name: string, price: string, description: string];

const STOCKS: readonly EquityRow[] = [
  [
    'AAPL',
    'Apple Inc.',
    '270.00',
    'Apple designs the iPhone, Mac and other consumer electronics and sells related services. Its shares trade on the Nasdaq.',
  ],
  [
    'MSFT',
    'Microsoft Corporation',
    '480.00',
    'Microsoft makes software such as Windows and Office and runs the Azure cloud. Its shares trade on the Nasdaq.',
  ],
  [
    'GOOG',
    'Alphabet Inc. (Class C)',
    '290.00',
    'Alphabet is the parent of Google, including Search, YouTube and Google Cloud; these are its non-voting Class C shares. They trade on the Nasdaq.',
  ],
  [
    'AMZN',
    'Amazon.com, Inc.',
    '225.00',
    'Amazon runs an online retail business and the Amazon Web Services cloud. Its shares trade on the Nasdaq.',
  ],
  [
    'NVDA',
    'NVIDIA Corporation',
    '180.00',
    'NVIDIA designs graphics processors and chips for data centres and AI. Its shares trade on the Nasdaq.',
  ],
  [
    'META',
    'Meta Platforms, Inc.',
    '600.00',
    'Meta owns Facebook, Instagram and WhatsApp. Its shares trade on the Nasdaq.',
  ],
  [
    'TSLA',
    'Tesla, Inc.',
    '400.00',
    'Tesla makes electric vehicles and energy storage products. Its shares trade on the Nasdaq.',
  ],
  [
    'IBM',
    'International Business Machines Corporation',
    '300.00',
    'IBM sells enterprise software, consulting and mainframe computers. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'JPM',
    'JPMorgan Chase & Co.',
    '305.00',
    'JPMorgan Chase is the largest bank in the United States by assets. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'V',
    'Visa Inc. (Class A)',
    '330.00',
    'Visa runs a global card payments network. Its Class A shares trade on the New York Stock Exchange.',
  ],
  [
    'MA',
    'Mastercard Incorporated (Class A)',
    '550.00',
    'Mastercard runs a global card payments network. Its Class A shares trade on the New York Stock Exchange.',
  ],
  [
    'BRK.B',
    'Berkshire Hathaway Inc. (Class B)',
    '500.00',
    'Berkshire Hathaway is a holding company that owns insurance, railway, energy and other businesses. Its Class B shares trade on the New York Stock Exchange.',
  ],
  [
    'JNJ',
    'Johnson & Johnson',
    '200.00',
    'Johnson & Johnson makes pharmaceuticals and medical devices. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'PG',
    'The Procter & Gamble Company',
    '150.00',
    'Procter & Gamble makes household and personal-care products. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'XOM',
    'Exxon Mobil Corporation',
    '115.00',
    'ExxonMobil produces and refines oil and natural gas. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'CVX',
    'Chevron Corporation',
    '150.00',
    'Chevron produces and refines oil and natural gas. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'KO',
    'The Coca-Cola Company',
    '70.00',
    'Coca-Cola makes and sells soft drinks and other beverages. Its shares trade on the New York Stock Exchange.',
  ],
  ['PEP', 'PepsiCo, Inc.', '145.00', 'PepsiCo makes beverages and snack foods. Its shares trade on the Nasdaq.'],
  [
    'DIS',
    'The Walt Disney Company',
    '110.00',
    'Disney runs film studios, streaming services, television networks and theme parks. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'NFLX',
    'Netflix, Inc.',
    '110.00',
    'Netflix runs a subscription video streaming service. Its shares trade on the Nasdaq.',
  ],
  [
    'INTC',
    'Intel Corporation',
    '35.00',
    'Intel designs and manufactures processors and other chips. Its shares trade on the Nasdaq.',
  ],
  [
    'AMD',
    'Advanced Micro Devices, Inc.',
    '230.00',
    'AMD designs processors and graphics chips. Its shares trade on the Nasdaq.',
  ],
  [
    'ORCL',
    'Oracle Corporation',
    '220.00',
    'Oracle sells database software and cloud infrastructure. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'CSCO',
    'Cisco Systems, Inc.',
    '75.00',
    'Cisco makes networking equipment and software. Its shares trade on the Nasdaq.',
  ],
  [
    'BAC',
    'Bank of America Corporation',
    '52.00',
    'Bank of America is one of the largest US banks. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'UNH',
    'UnitedHealth Group Incorporated',
    '320.00',
    'UnitedHealth Group runs a health insurer and health services businesses. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'HD',
    'The Home Depot, Inc.',
    '350.00',
    'Home Depot runs home-improvement retail stores. Its shares trade on the New York Stock Exchange.',
  ],
  [
    'MCD',
    "McDonald's Corporation",
    '300.00',
    "McDonald's runs and franchises fast-food restaurants worldwide. Its shares trade on the New York Stock Exchange.",
  ],
  [
    'COST',
    'Costco Wholesale Corporation',
    '900.00',
    'Costco runs membership warehouse stores. Its shares trade on the Nasdaq.',
  ],
  [
    'ADBE',
    'Adobe Inc.',
    '330.00',
    'Adobe makes creative and document software such as Photoshop and Acrobat. Its shares trade on the Nasdaq.',
  ],
];

const ETFS: readonly EquityRow[] = [
  [
    'SPY',
    'SPDR S&P 500 ETF Trust',
    '660.00',
    'An exchange-traded fund that tracks the S&P 500 index of large US companies. It trades on NYSE Arca.',
  ],
  [
    'QQQ',
    'Invesco QQQ Trust',
    '600.00',
    'An exchange-traded fund that tracks the Nasdaq-100 index of large non-financial Nasdaq companies. It trades on the Nasdaq.',
  ],
  [
    'IWM',
    'iShares Russell 2000 ETF',
    '240.00',
    'An exchange-traded fund that tracks the Russell 2000 index of US small-cap companies. It trades on NYSE Arca.',
  ],
  [
    'DIA',
    'SPDR Dow Jones Industrial Average ETF Trust',
    '460.00',
    'An exchange-traded fund that tracks the Dow Jones Industrial Average of 30 large US companies. It trades on NYSE Arca.',
  ],
  [
    'VTI',
    'Vanguard Total Stock Market ETF',
    '325.00',
    'An exchange-traded fund that tracks the CRSP US Total Market index, covering nearly all listed US stocks. It trades on NYSE Arca.',
  ],
  [
    'VOO',
    'Vanguard S&P 500 ETF',
    '610.00',
    'An exchange-traded fund that tracks the S&P 500 index of large US companies. It trades on NYSE Arca.',
  ],
  [
    'EFA',
    'iShares MSCI EAFE ETF',
    '92.00',
    'An exchange-traded fund that tracks the MSCI EAFE index of developed-market stocks outside the US and Canada. It trades on NYSE Arca.',
  ],
  [
    'EEM',
    'iShares MSCI Emerging Markets ETF',
    '53.00',
    'An exchange-traded fund that tracks the MSCI Emerging Markets index. It trades on NYSE Arca.',
  ],
  [
    'GLD',
    'SPDR Gold Shares',
    '370.00',
    'An exchange-traded fund backed by physical gold bullion held in vaults. It trades on NYSE Arca.',
  ],
  [
    'TLT',
    'iShares 20+ Year Treasury Bond ETF',
    '89.00',
    'An exchange-traded fund that holds US Treasury bonds with more than 20 years to maturity. It trades on the Nasdaq.',
  ],
];

function equitySeed(type: 3 | 4, [code, name, referencePrice, description]: EquityRow): InstrumentSeed {
  return {
    code,
    type,
    assetClass: type === 3 ? 'stock' : 'etf',
    name,
    base: code,
    quote: 'USD',
    description,
    tickSize: '0.01',
    contractSize: '1',
    minLots: '1',
    maxLots: '10000',
    lotStep: '1',
    hours: 'us_equity',
    referencePrice,
    logo: { kind: 'monogram', text: code },
  };
}

// ---------------------------------------------------------------------------------------------
// Futures (type 5), CME Group

type FutureRow = Pick<
  InstrumentSeed,
  'code' | 'name' | 'assetClass' | 'description' | 'tickSize' | 'contractSize' | 'hours' | 'referencePrice'
>;

const FUTURES: readonly FutureRow[] = [
  {
    code: 'ES',
    name: 'E-mini S&P 500',
    assetClass: 'index_major',
    description:
      'Futures on the S&P 500 index, worth 50 US dollars times the index. It trades on CME Globex nearly 24 hours a day, Sunday to Friday.',
    tickSize: '0.25',
    contractSize: '50',
    hours: 'cme_equity_index',
    referencePrice: '6650.00',
  },
  {
    code: 'NQ',
    name: 'E-mini Nasdaq-100',
    assetClass: 'index_major',
    description:
      'Futures on the Nasdaq-100 index, worth 20 US dollars times the index. It trades on CME Globex nearly 24 hours a day, Sunday to Friday.',
    tickSize: '0.25',
    contractSize: '20',
    hours: 'cme_equity_index',
    referencePrice: '24500.00',
  },
  {
    code: 'CL',
    name: 'WTI Crude Oil',
    assetClass: 'commodity',
    description:
      'NYMEX light sweet crude oil (WTI) futures for 1,000 barrels, priced in US dollars per barrel. It trades on CME Globex nearly 24 hours a day, Sunday to Friday.',
    tickSize: '0.01',
    contractSize: '1000',
    hours: 'cme_energy',
    referencePrice: '59.00',
  },
  {
    code: 'GC',
    name: 'Gold',
    assetClass: 'gold',
    description:
      'COMEX gold futures for 100 troy ounces, priced in US dollars per ounce. It trades on CME Globex nearly 24 hours a day, Sunday to Friday.',
    tickSize: '0.1',
    contractSize: '100',
    hours: 'cme_metals',
    referencePrice: '4050.0',
  },
  {
    code: '6E',
    name: 'Euro FX',
    assetClass: 'forex_major',
    description:
      'CME futures on the euro for 125,000 euros, priced in US dollars per euro. It trades on CME Globex nearly 24 hours a day, Sunday to Friday.',
    tickSize: '0.00005',
    contractSize: '125000',
    hours: 'cme_fx',
    referencePrice: '1.15800',
  },
];

const FUTURES_SEEDS: InstrumentSeed[] = FUTURES.map((f) => ({
  ...f,
  type: 5,
  base: f.code,
  quote: 'USD',
  minLots: '1',
  maxLots: '100',
  lotStep: '1',
  logo: { kind: 'monogram', text: f.code },
}));

export const INSTRUMENT_CATALOGUE: readonly InstrumentSeed[] = Object.freeze([
  ...FOREX_SEEDS,
  ...CRYPTO_SEEDS,
  ...STOCKS.map((row) => equitySeed(3, row)),
  ...ETFS.map((row) => equitySeed(4, row)),
  ...FUTURES_SEEDS,
]);
