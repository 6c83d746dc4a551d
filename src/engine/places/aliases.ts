/**
 * Hand-kept names the GeoNames files do not carry: common country aliases (in English and the
 * country's own language) and region abbreviations. Country names from countryInfo.txt, ISO2 and ISO3
 * codes are added automatically by the gazetteer; these come on top.
 */

/** alias -> ISO2 country code, optionally with the first-order division (admin1 code) it implies. */
export const COUNTRY_ALIASES: Record<string, string | [string, string]> = {
  'USA': 'US', 'U.S.A.': 'US', 'U.S.': 'US', 'United States of America': 'US', 'America': 'US',
  'UK': 'GB', 'U.K.': 'GB', 'Great Britain': 'GB', 'Britain': 'GB',
  'England': ['GB', 'ENG'], 'Scotland': ['GB', 'SCT'], 'Wales': ['GB', 'WLS'], 'Northern Ireland': ['GB', 'NIR'],
  'Holland': 'NL', 'Netherlands': 'NL', 'Nederland': 'NL',
  'Deutschland': 'DE', 'Allemagne': 'DE', 'West Germany': 'DE', 'East Germany': 'DE',
  'France': 'FR', 'Espana': 'ES', 'Italia': 'IT', 'Brasil': 'BR', 'Mexico': 'MX',
  'Schweiz': 'CH', 'Suisse': 'CH', 'Svizzera': 'CH', 'Osterreich': 'AT', 'Österreich': 'AT',
  'Belgique': 'BE', 'Belgie': 'BE', 'België': 'BE', 'Danmark': 'DK', 'Sverige': 'SE', 'Norge': 'NO',
  'Suomi': 'FI', 'Polska': 'PL', 'Eire': 'IE', 'Éire': 'IE', 'Hellas': 'GR', 'Ellada': 'GR',
  'Czech Republic': 'CZ', 'Czechia': 'CZ', 'Cesko': 'CZ', 'Slovak Republic': 'SK',
  'Turkiye': 'TR', 'Türkiye': 'TR', 'Russian Federation': 'RU', 'Rossiya': 'RU', 'USSR': 'RU', 'Soviet Union': 'RU',
  'Korea': 'KR', 'South Korea': 'KR', 'Republic of Korea': 'KR', 'North Korea': 'KP',
  'Viet Nam': 'VN', 'Burma': 'MM', 'Persia': 'IR', 'Ceylon': 'LK', 'Siam': 'TH',
  'Ivory Coast': 'CI', "Cote d'Ivoire": 'CI', 'Macedonia': 'MK', 'Swaziland': 'SZ', 'Cape Verde': 'CV',
  'East Timor': 'TL', 'Vatican': 'VA', 'Vatican City': 'VA', 'Holy See': 'VA',
  'UAE': 'AE', 'Emirates': 'AE', 'DRC': 'CD', 'DR Congo': 'CD', 'Zaire': 'CD', 'Congo-Brazzaville': 'CG',
  'Nippon': 'JP', 'Bharat': 'IN', 'PRC': 'CN', 'Taiwan': 'TW', 'Hong Kong': 'HK', 'Macau': 'MO',
  'Palestine': 'PS', 'Bosnia': 'BA', 'Moldova': 'MD', 'Laos': 'LA', 'Syria': 'SY', 'Iran': 'IR',
  'Yugoslavia': 'RS', 'Rhodesia': 'ZW', 'Zimbabwe': 'ZW',
};

/** Region abbreviations: "CC.admin1" -> extra names. US state postal codes are the admin1 codes themselves. */
export const REGION_ALIASES: Record<string, string[]> = {
  'US.DC': ['D.C.', 'DC', 'District of Columbia', 'Washington DC', 'Washington D.C.'],
  'US.NY': ['New York State', 'NY State'],
  'US.WA': ['Washington State'],
  'CA.01': ['AB'], 'CA.02': ['BC'], 'CA.03': ['MB'], 'CA.04': ['NB'], 'CA.05': ['NL', 'Newfoundland'],
  'CA.07': ['NS'], 'CA.08': ['ON'], 'CA.09': ['PE', 'PEI'], 'CA.10': ['QC', 'PQ', 'Québec'], 'CA.11': ['SK'],
  'CA.12': ['YT', 'Yukon Territory'], 'CA.13': ['NT', 'NWT'], 'CA.14': ['NU'],
  'AU.01': ['ACT'], 'AU.02': ['NSW'], 'AU.03': ['NT'], 'AU.04': ['QLD'], 'AU.05': ['SA'], 'AU.06': ['TAS'],
  'AU.07': ['VIC'], 'AU.08': ['WA'],
  'DE.02': ['Bayern'], 'DE.07': ['NRW', 'Nordrhein-Westfalen'],
};
