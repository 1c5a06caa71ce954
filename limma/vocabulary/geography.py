"""The shipped place axis: every country and territory, and the regions people name.

Countries: the ISO 3166-1 entries with people living there (Antarctica, Bouvet Island, Heard
and McDonald Islands, the US Minor Outlying Islands, the French Southern Territories, South
Georgia and the British Indian Ocean Territory are left out), plus Kosovo (user-assigned
XK/XKX). Each has its common English short name, its alpha-2 and alpha-3 codes (kept as codes,
never aliases: "IN", "IT", "NO" are words), endonyms, common English variants and its ISO and
official names as aliases, and the one region of the UN M49 scheme it sits in (Western Asia
for Iran, Southern Europe for Cyprus and Kosovo, North America for Mexico, East Asia for
Taiwan: where M49 differs from how people speak or is silent). Demonyms ("German", "Swiss")
are not aliases, nor are ambiguous names: "America", "Congo", "Virgin Islands".

Regions: continents, M49 sub-regions, and the groupings business writing uses (DACH, Nordics,
EU, EEA, GCC, APAC, EMEA, LATAM...). A region's `members` are countries placed directly under
it; regions nest through `broader`. Territories are not placed under their sovereign state
(Puerto Rico is not under United States, Greenland not under Denmark): they are named apart.
"""

from __future__ import annotations

from typing import NamedTuple

from limma.vocabulary.term import Term

PLACE = "place"


class Country(NamedTuple):
    name: str
    alpha2: str
    alpha3: str
    region: str  # its UN M49 (sub-)region
    aliases: tuple[str, ...] = ()


class Region(NamedTuple):
    name: str
    broader: tuple[str, ...]
    members: tuple[str, ...] = ()  # country names placed directly under this region
    aliases: tuple[str, ...] = ()


class Part(NamedTuple):
    """A part of a country named often enough to matter: the nations of the United Kingdom."""

    name: str
    within: str
    aliases: tuple[str, ...] = ()


# The data below is laid out by hand, one record to a line where it fits.
# fmt: off
COUNTRIES: tuple[Country, ...] = (
    Country("Afghanistan", "AF", "AFG", "South Asia", (
        "افغانستان", "Islamic Republic of Afghanistan",
    )),
    Country("Åland Islands", "AX", "ALA", "Northern Europe", ("Åland", "Ahvenanmaa")),
    Country("Albania", "AL", "ALB", "Southern Europe", (
        "Shqipëri", "Shqipëria", "Republic of Albania",
    )),
    Country("Algeria", "DZ", "DZA", "North Africa", (
        "Algérie", "الجزائر", "People's Democratic Republic of Algeria",
    )),
    Country("American Samoa", "AS", "ASM", "Oceania", ()),
    Country("Andorra", "AD", "AND", "Southern Europe", ("Principality of Andorra",)),
    Country("Angola", "AO", "AGO", "Central Africa", ("Republic of Angola",)),
    Country("Anguilla", "AI", "AIA", "Caribbean", ()),
    Country("Antigua and Barbuda", "AG", "ATG", "Caribbean", ("Antigua & Barbuda",)),
    Country("Argentina", "AR", "ARG", "South America", (
        "República Argentina", "Argentine Republic",
    )),
    Country("Armenia", "AM", "ARM", "Western Asia", (
        "Hayastan", "Հայաստան", "Republic of Armenia",
    )),
    Country("Aruba", "AW", "ABW", "Caribbean", ()),
    Country("Australia", "AU", "AUS", "Oceania", ("Commonwealth of Australia",)),
    Country("Austria", "AT", "AUT", "Western Europe", (
        "Österreich", "Oesterreich", "Republik Österreich", "Republic of Austria",
    )),
    Country("Azerbaijan", "AZ", "AZE", "Western Asia", ("Azərbaycan", "Republic of Azerbaijan")),
    Country("Bahamas", "BS", "BHS", "Caribbean", ("Commonwealth of the Bahamas",)),
    Country("Bahrain", "BH", "BHR", "Western Asia", ("البحرين", "Kingdom of Bahrain")),
    Country("Bangladesh", "BD", "BGD", "South Asia", (
        "বাংলাদেশ", "People's Republic of Bangladesh",
    )),
    Country("Barbados", "BB", "BRB", "Caribbean", ()),
    Country("Belarus", "BY", "BLR", "Eastern Europe", (
        "Беларусь", "Byelarus", "Republic of Belarus",
    )),
    Country("Belgium", "BE", "BEL", "Western Europe", (
        "België", "Belgique", "Belgien", "Kingdom of Belgium",
    )),
    Country("Belize", "BZ", "BLZ", "Central America", ()),
    Country("Benin", "BJ", "BEN", "West Africa", ("Republic of Benin",)),
    Country("Bermuda", "BM", "BMU", "North America", ()),
    Country("Bhutan", "BT", "BTN", "South Asia", ("Druk Yul", "Kingdom of Bhutan")),
    Country("Bolivia", "BO", "BOL", "South America", (
        "Bolivia, Plurinational State of", "Plurinational State of Bolivia",
    )),
    Country("Bosnia and Herzegovina", "BA", "BIH", "Southern Europe", (
        "Bosnia", "Bosnia & Herzegovina", "BiH", "Bosna i Hercegovina",
        "Republic of Bosnia and Herzegovina",
    )),
    Country("Botswana", "BW", "BWA", "Southern Africa", ("Republic of Botswana",)),
    Country("Brazil", "BR", "BRA", "South America", (
        "Brasil", "República Federativa do Brasil", "Federative Republic of Brazil",
    )),
    Country("British Virgin Islands", "VG", "VGB", "Caribbean", ("BVI", "Virgin Islands, British")),
    Country("Brunei", "BN", "BRN", "Southeast Asia", ("Brunei Darussalam",)),
    Country("Bulgaria", "BG", "BGR", "Eastern Europe", (
        "България", "Bulgariya", "Republic of Bulgaria",
    )),
    Country("Burkina Faso", "BF", "BFA", "West Africa", ()),
    Country("Burundi", "BI", "BDI", "East Africa", ("Republic of Burundi",)),
    Country("Cambodia", "KH", "KHM", "Southeast Asia", (
        "Kampuchea", "កម្ពុជា", "Kingdom of Cambodia",
    )),
    Country("Cameroon", "CM", "CMR", "Central Africa", ("Cameroun", "Republic of Cameroon")),
    Country("Canada", "CA", "CAN", "North America", ()),
    Country("Cape Verde", "CV", "CPV", "West Africa", ("Cabo Verde", "Republic of Cabo Verde")),
    Country("Caribbean Netherlands", "BQ", "BES", "Caribbean", (
        "BES Islands", "Bonaire, Sint Eustatius and Saba",
    )),
    Country("Cayman Islands", "KY", "CYM", "Caribbean", ("Caymans",)),
    Country("Central African Republic", "CF", "CAF", "Central Africa", (
        "République centrafricaine", "Centrafrique",
    )),
    Country("Chad", "TD", "TCD", "Central Africa", ("Tchad", "تشاد", "Republic of Chad")),
    Country("Chile", "CL", "CHL", "South America", ("República de Chile", "Republic of Chile")),
    Country("China", "CN", "CHN", "East Asia", (
        "PRC", "P.R. China", "PR China", "Mainland China", "中国", "中國", "Zhongguo",
        "People's Republic of China",
    )),
    Country("Christmas Island", "CX", "CXR", "Oceania", ()),
    Country("Cocos (Keeling) Islands", "CC", "CCK", "Oceania", (
        "Cocos Islands", "Keeling Islands",
    )),
    Country("Colombia", "CO", "COL", "South America", ("Republic of Colombia",)),
    Country("Comoros", "KM", "COM", "East Africa", ("Comores", "Union of the Comoros")),
    Country("Cook Islands", "CK", "COK", "Oceania", ()),
    Country("Costa Rica", "CR", "CRI", "Central America", ("Republic of Costa Rica",)),
    Country("Côte d'Ivoire", "CI", "CIV", "West Africa", (
        "Ivory Coast", "Republic of Côte d'Ivoire",
    )),
    Country("Croatia", "HR", "HRV", "Southern Europe", ("Hrvatska", "Republic of Croatia")),
    Country("Cuba", "CU", "CUB", "Caribbean", ("Republic of Cuba",)),
    Country("Curaçao", "CW", "CUW", "Caribbean", ()),
    Country("Cyprus", "CY", "CYP", "Southern Europe", ("Κύπρος", "Kypros", "Republic of Cyprus")),
    Country("Czechia", "CZ", "CZE", "Eastern Europe", (
        "Czech Republic", "Česko", "Česká republika",
    )),
    Country("Democratic Republic of the Congo", "CD", "COD", "Central Africa", (
        "DR Congo", "D.R. Congo", "DRC", "Congo-Kinshasa", "République démocratique du Congo",
        "Congo, The Democratic Republic of the",
    )),
    Country("Denmark", "DK", "DNK", "Northern Europe", ("Danmark", "Kingdom of Denmark")),
    Country("Djibouti", "DJ", "DJI", "East Africa", ("جيبوتي", "Republic of Djibouti")),
    Country("Dominica", "DM", "DMA", "Caribbean", ("Commonwealth of Dominica",)),
    Country("Dominican Republic", "DO", "DOM", "Caribbean", ("República Dominicana",)),
    Country("Ecuador", "EC", "ECU", "South America", ("Republic of Ecuador",)),
    Country("Egypt", "EG", "EGY", "North Africa", ("Misr", "مصر", "Arab Republic of Egypt")),
    Country("El Salvador", "SV", "SLV", "Central America", ("Republic of El Salvador",)),
    Country("Equatorial Guinea", "GQ", "GNQ", "Central Africa", (
        "Guinea Ecuatorial", "Republic of Equatorial Guinea",
    )),
    Country("Eritrea", "ER", "ERI", "East Africa", ("the State of Eritrea",)),
    Country("Estonia", "EE", "EST", "Northern Europe", ("Eesti", "Republic of Estonia")),
    Country("Eswatini", "SZ", "SWZ", "Southern Africa", ("Swaziland", "Kingdom of Eswatini")),
    Country("Ethiopia", "ET", "ETH", "East Africa", (
        "ኢትዮጵያ", "Federal Democratic Republic of Ethiopia",
    )),
    Country("Falkland Islands", "FK", "FLK", "South America", (
        "Falklands", "Islas Malvinas", "Falkland Islands (Malvinas)",
    )),
    Country("Faroe Islands", "FO", "FRO", "Northern Europe", (
        "Faroes", "Faeroe Islands", "Føroyar", "Færøerne",
    )),
    Country("Fiji", "FJ", "FJI", "Oceania", ("Republic of Fiji",)),
    Country("Finland", "FI", "FIN", "Northern Europe", ("Suomi", "Republic of Finland")),
    Country("France", "FR", "FRA", "Western Europe", ("République française", "French Republic")),
    Country("French Guiana", "GF", "GUF", "South America", ("Guyane", "Guyane française")),
    Country("French Polynesia", "PF", "PYF", "Oceania", ("Polynésie française",)),
    Country("Gabon", "GA", "GAB", "Central Africa", ("République gabonaise", "Gabonese Republic")),
    Country("Gambia", "GM", "GMB", "West Africa", ("Republic of the Gambia",)),
    Country("Georgia", "GE", "GEO", "Western Asia", ("Sakartvelo", "საქართველო")),
    Country("Germany", "DE", "DEU", "Western Europe", (
        "Deutschland", "Bundesrepublik Deutschland", "Federal Republic of Germany",
    )),
    Country("Ghana", "GH", "GHA", "West Africa", ("Republic of Ghana",)),
    Country("Gibraltar", "GI", "GIB", "Southern Europe", ()),
    Country("Greece", "GR", "GRC", "Southern Europe", (
        "Ελλάδα", "Ελλάς", "Hellas", "Ellada", "Hellenic Republic",
    )),
    Country("Greenland", "GL", "GRL", "North America", ("Kalaallit Nunaat", "Grønland")),
    Country("Grenada", "GD", "GRD", "Caribbean", ()),
    Country("Guadeloupe", "GP", "GLP", "Caribbean", ()),
    Country("Guam", "GU", "GUM", "Oceania", ()),
    Country("Guatemala", "GT", "GTM", "Central America", ("Republic of Guatemala",)),
    Country("Guernsey", "GG", "GGY", "Northern Europe", ()),
    Country("Guinea", "GN", "GIN", "West Africa", (
        "Guinée", "Guinea-Conakry", "Republic of Guinea",
    )),
    Country("Guinea-Bissau", "GW", "GNB", "West Africa", (
        "Guiné-Bissau", "Republic of Guinea-Bissau",
    )),
    Country("Guyana", "GY", "GUY", "South America", ("Republic of Guyana",)),
    Country("Haiti", "HT", "HTI", "Caribbean", ("Ayiti", "Republic of Haiti")),
    Country("Honduras", "HN", "HND", "Central America", ("Republic of Honduras",)),
    Country("Hong Kong", "HK", "HKG", "East Asia", (
        "Hong Kong SAR", "HKSAR", "香港", "Hong Kong Special Administrative Region of China",
    )),
    Country("Hungary", "HU", "HUN", "Eastern Europe", ("Magyarország",)),
    Country("Iceland", "IS", "ISL", "Northern Europe", ("Ísland", "Republic of Iceland")),
    Country("India", "IN", "IND", "South Asia", ("Bharat", "भारत", "Republic of India")),
    Country("Indonesia", "ID", "IDN", "Southeast Asia", (
        "Republik Indonesia", "Republic of Indonesia",
    )),
    Country("Iran", "IR", "IRN", "Western Asia", (
        "ایران", "Iran, Islamic Republic of", "Islamic Republic of Iran",
    )),
    Country("Iraq", "IQ", "IRQ", "Western Asia", ("العراق", "Republic of Iraq")),
    Country("Ireland", "IE", "IRL", "Northern Europe", ("Éire", "Republic of Ireland")),
    Country("Isle of Man", "IM", "IMN", "Northern Europe", ()),
    Country("Israel", "IL", "ISR", "Western Asia", ("ישראל", "State of Israel")),
    Country("Italy", "IT", "ITA", "Southern Europe", (
        "Italia", "Repubblica Italiana", "Italian Republic",
    )),
    Country("Jamaica", "JM", "JAM", "Caribbean", ()),
    Country("Japan", "JP", "JPN", "East Asia", ("Nihon", "Nippon", "日本")),
    Country("Jersey", "JE", "JEY", "Northern Europe", ()),
    Country("Jordan", "JO", "JOR", "Western Asia", ("الأردن", "Hashemite Kingdom of Jordan")),
    Country("Kazakhstan", "KZ", "KAZ", "Central Asia", (
        "Qazaqstan", "Қазақстан", "Казахстан", "Republic of Kazakhstan",
    )),
    Country("Kenya", "KE", "KEN", "East Africa", ("Republic of Kenya",)),
    Country("Kiribati", "KI", "KIR", "Oceania", ("Republic of Kiribati",)),
    Country("Kosovo", "XK", "XKX", "Southern Europe", ("Kosova", "Kosovë", "Косово")),
    Country("Kuwait", "KW", "KWT", "Western Asia", ("الكويت", "State of Kuwait")),
    Country("Kyrgyzstan", "KG", "KGZ", "Central Asia", ("Кыргызстан", "Kyrgyz Republic")),
    Country("Laos", "LA", "LAO", "Southeast Asia", (
        "Lao PDR", "ລາວ", "Lao People's Democratic Republic",
    )),
    Country("Latvia", "LV", "LVA", "Northern Europe", ("Latvija", "Republic of Latvia")),
    Country("Lebanon", "LB", "LBN", "Western Asia", ("Liban", "لبنان", "Lebanese Republic")),
    Country("Lesotho", "LS", "LSO", "Southern Africa", ("Kingdom of Lesotho",)),
    Country("Liberia", "LR", "LBR", "West Africa", ("Republic of Liberia",)),
    Country("Libya", "LY", "LBY", "North Africa", ("ليبيا",)),
    Country("Liechtenstein", "LI", "LIE", "Western Europe", ("Principality of Liechtenstein",)),
    Country("Lithuania", "LT", "LTU", "Northern Europe", ("Lietuva", "Republic of Lithuania")),
    Country("Luxembourg", "LU", "LUX", "Western Europe", (
        "Lëtzebuerg", "Luxemburg", "Grand Duchy of Luxembourg",
    )),
    Country("Macau", "MO", "MAC", "East Asia", (
        "Macao SAR", "Macau SAR", "澳門", "澳门", "Macao",
        "Macao Special Administrative Region of China",
    )),
    Country("Madagascar", "MG", "MDG", "East Africa", ("Madagasikara", "Republic of Madagascar")),
    Country("Malawi", "MW", "MWI", "East Africa", ("Republic of Malawi",)),
    Country("Malaysia", "MY", "MYS", "Southeast Asia", ()),
    Country("Maldives", "MV", "MDV", "South Asia", ("Republic of Maldives",)),
    Country("Mali", "ML", "MLI", "West Africa", ("Republic of Mali",)),
    Country("Malta", "MT", "MLT", "Southern Europe", ("Republic of Malta",)),
    Country("Marshall Islands", "MH", "MHL", "Oceania", ("Republic of the Marshall Islands",)),
    Country("Martinique", "MQ", "MTQ", "Caribbean", ()),
    Country("Mauritania", "MR", "MRT", "West Africa", (
        "Mauritanie", "موريتانيا", "Islamic Republic of Mauritania",
    )),
    Country("Mauritius", "MU", "MUS", "East Africa", ("Maurice", "Republic of Mauritius")),
    Country("Mayotte", "YT", "MYT", "East Africa", ()),
    Country("Mexico", "MX", "MEX", "North America", (
        "Estados Unidos Mexicanos", "United Mexican States",
    )),
    Country("Micronesia", "FM", "FSM", "Oceania", (
        "Micronesia, Federated States of", "Federated States of Micronesia",
    )),
    Country("Moldova", "MD", "MDA", "Eastern Europe", (
        "Moldova, Republic of", "Republic of Moldova",
    )),
    Country("Monaco", "MC", "MCO", "Western Europe", ("Principality of Monaco",)),
    Country("Mongolia", "MN", "MNG", "East Asia", ("Монгол Улс",)),
    Country("Montenegro", "ME", "MNE", "Southern Europe", ("Crna Gora", "Црна Гора")),
    Country("Montserrat", "MS", "MSR", "Caribbean", ()),
    Country("Morocco", "MA", "MAR", "North Africa", ("Maroc", "المغرب", "Kingdom of Morocco")),
    Country("Mozambique", "MZ", "MOZ", "East Africa", ("Moçambique", "Republic of Mozambique")),
    Country("Myanmar", "MM", "MMR", "Southeast Asia", ("Burma", "မြန်မာ", "Republic of Myanmar")),
    Country("Namibia", "NA", "NAM", "Southern Africa", ("Republic of Namibia",)),
    Country("Nauru", "NR", "NRU", "Oceania", ("Republic of Nauru",)),
    Country("Nepal", "NP", "NPL", "South Asia", ("नेपाल", "Federal Democratic Republic of Nepal")),
    Country("Netherlands", "NL", "NLD", "Western Europe", (
        "Holland", "Nederland", "Kingdom of the Netherlands",
    )),
    Country("New Caledonia", "NC", "NCL", "Oceania", ("Nouvelle-Calédonie",)),
    Country("New Zealand", "NZ", "NZL", "Oceania", ("NZ", "Aotearoa")),
    Country("Nicaragua", "NI", "NIC", "Central America", ("Republic of Nicaragua",)),
    Country("Niger", "NE", "NER", "West Africa", ("Republic of the Niger",)),
    Country("Nigeria", "NG", "NGA", "West Africa", ("Federal Republic of Nigeria",)),
    Country("Niue", "NU", "NIU", "Oceania", ()),
    Country("Norfolk Island", "NF", "NFK", "Oceania", ()),
    Country("North Korea", "KP", "PRK", "East Asia", (
        "DPRK", "조선", "Korea, Democratic People's Republic of",
        "Democratic People's Republic of Korea",
    )),
    Country("North Macedonia", "MK", "MKD", "Southern Europe", (
        "Macedonia", "Северна Македонија", "FYROM", "Republic of North Macedonia",
    )),
    Country("Northern Mariana Islands", "MP", "MNP", "Oceania", (
        "Northern Marianas", "Commonwealth of the Northern Mariana Islands",
    )),
    Country("Norway", "NO", "NOR", "Northern Europe", ("Norge", "Noreg", "Kingdom of Norway")),
    Country("Oman", "OM", "OMN", "Western Asia", ("عمان", "Sultanate of Oman")),
    Country("Pakistan", "PK", "PAK", "South Asia", ("پاکستان", "Islamic Republic of Pakistan")),
    Country("Palau", "PW", "PLW", "Oceania", ("Republic of Palau",)),
    Country("Palestine", "PS", "PSE", "Western Asia", (
        "Palestinian territories", "فلسطين", "Palestine, State of", "the State of Palestine",
    )),
    Country("Panama", "PA", "PAN", "Central America", ("Republic of Panama",)),
    Country("Papua New Guinea", "PG", "PNG", "Oceania", ("Independent State of Papua New Guinea",)),
    Country("Paraguay", "PY", "PRY", "South America", ("Republic of Paraguay",)),
    Country("Peru", "PE", "PER", "South America", ("Republic of Peru",)),
    Country("Philippines", "PH", "PHL", "Southeast Asia", (
        "Pilipinas", "Republic of the Philippines",
    )),
    Country("Pitcairn Islands", "PN", "PCN", "Oceania", ("Pitcairn",)),
    Country("Poland", "PL", "POL", "Eastern Europe", (
        "Polska", "Rzeczpospolita Polska", "Republic of Poland",
    )),
    Country("Portugal", "PT", "PRT", "Southern Europe", (
        "República Portuguesa", "Portuguese Republic",
    )),
    Country("Puerto Rico", "PR", "PRI", "Caribbean", ()),
    Country("Qatar", "QA", "QAT", "Western Asia", ("قطر", "State of Qatar")),
    Country("Republic of the Congo", "CG", "COG", "Central Africa", (
        "Congo-Brazzaville", "Congo Republic", "République du Congo",
    )),
    Country("Réunion", "RE", "REU", "East Africa", ("La Réunion",)),
    Country("Romania", "RO", "ROU", "Eastern Europe", ()),
    Country("Russia", "RU", "RUS", "Eastern Europe", (
        "Россия", "Rossiya", "Российская Федерация", "Russian Federation",
    )),
    Country("Rwanda", "RW", "RWA", "East Africa", ("Rwandese Republic",)),
    Country("Saint Barthélemy", "BL", "BLM", "Caribbean", (
        "St. Barthélemy", "St Barthélemy", "St. Barts", "St Barts", "Saint Barts", "St. Barths",
        "St Barths",
    )),
    Country("Saint Helena", "SH", "SHN", "West Africa", (
        "St. Helena", "St Helena", "Saint Helena, Ascension and Tristan da Cunha",
    )),
    Country("Saint Kitts and Nevis", "KN", "KNA", "Caribbean", (
        "St. Kitts and Nevis", "St Kitts and Nevis", "Saint Kitts & Nevis", "St Kitts & Nevis",
    )),
    Country("Saint Lucia", "LC", "LCA", "Caribbean", ("St. Lucia", "St Lucia")),
    Country("Saint Martin", "MF", "MAF", "Caribbean", (
        "St. Martin", "St Martin", "Saint Martin (French part)",
    )),
    Country("Saint Pierre and Miquelon", "PM", "SPM", "North America", (
        "Saint-Pierre-et-Miquelon", "St. Pierre and Miquelon", "St Pierre and Miquelon",
    )),
    Country("Saint Vincent and the Grenadines", "VC", "VCT", "Caribbean", (
        "St. Vincent and the Grenadines", "St Vincent and the Grenadines", "Saint Vincent",
    )),
    Country("Samoa", "WS", "WSM", "Oceania", ("Independent State of Samoa",)),
    Country("San Marino", "SM", "SMR", "Southern Europe", ("Republic of San Marino",)),
    Country("São Tomé and Príncipe", "ST", "STP", "Central Africa", (
        "São Tomé & Príncipe", "Democratic Republic of Sao Tome and Principe",
    )),
    Country("Saudi Arabia", "SA", "SAU", "Western Asia", (
        "KSA", "المملكة العربية السعودية", "السعودية", "Kingdom of Saudi Arabia",
    )),
    Country("Senegal", "SN", "SEN", "West Africa", ("Republic of Senegal",)),
    Country("Serbia", "RS", "SRB", "Southern Europe", ("Srbija", "Србија", "Republic of Serbia")),
    Country("Seychelles", "SC", "SYC", "East Africa", ("Republic of Seychelles",)),
    Country("Sierra Leone", "SL", "SLE", "West Africa", ("Republic of Sierra Leone",)),
    Country("Singapore", "SG", "SGP", "Southeast Asia", (
        "Singapura", "新加坡", "Republic of Singapore",
    )),
    Country("Sint Maarten", "SX", "SXM", "Caribbean", ("Sint Maarten (Dutch part)",)),
    Country("Slovakia", "SK", "SVK", "Eastern Europe", ("Slovensko", "Slovak Republic")),
    Country("Slovenia", "SI", "SVN", "Southern Europe", ("Slovenija", "Republic of Slovenia")),
    Country("Solomon Islands", "SB", "SLB", "Oceania", ()),
    Country("Somalia", "SO", "SOM", "East Africa", ("Soomaaliya", "Federal Republic of Somalia")),
    Country("South Africa", "ZA", "ZAF", "Southern Africa", (
        "Suid-Afrika", "Republic of South Africa",
    )),
    Country("South Korea", "KR", "KOR", "East Asia", (
        "Republic of Korea", "Korea", "ROK", "대한민국", "한국", "Hanguk", "Korea, Republic of",
    )),
    Country("South Sudan", "SS", "SSD", "East Africa", ("Republic of South Sudan",)),
    Country("Spain", "ES", "ESP", "Southern Europe", (
        "España", "Reino de España", "Kingdom of Spain",
    )),
    Country("Sri Lanka", "LK", "LKA", "South Asia", (
        "Democratic Socialist Republic of Sri Lanka",
    )),
    Country("Sudan", "SD", "SDN", "North Africa", ("السودان", "Republic of the Sudan")),
    Country("Suriname", "SR", "SUR", "South America", ("Surinam", "Republic of Suriname")),
    Country("Svalbard and Jan Mayen", "SJ", "SJM", "Northern Europe", ()),
    Country("Sweden", "SE", "SWE", "Northern Europe", ("Sverige", "Kingdom of Sweden")),
    Country("Switzerland", "CH", "CHE", "Western Europe", (
        "Schweiz", "Suisse", "Svizzera", "Svizra", "Confoederatio Helvetica", "Helvetia",
        "Swiss Confederation",
    )),
    Country("Syria", "SY", "SYR", "Western Asia", ("سوريا", "سورية", "Syrian Arab Republic")),
    Country("Taiwan", "TW", "TWN", "East Asia", (
        "Republic of China", "ROC", "臺灣", "台灣", "台湾", "Chinese Taipei",
        "Taiwan, Province of China",
    )),
    Country("Tajikistan", "TJ", "TJK", "Central Asia", ("Тоҷикистон", "Republic of Tajikistan")),
    Country("Tanzania", "TZ", "TZA", "East Africa", (
        "Tanzania, United Republic of", "United Republic of Tanzania",
    )),
    Country("Thailand", "TH", "THA", "Southeast Asia", (
        "ประเทศไทย", "Prathet Thai", "Kingdom of Thailand",
    )),
    Country("Timor-Leste", "TL", "TLS", "Southeast Asia", (
        "East Timor", "Democratic Republic of Timor-Leste",
    )),
    Country("Togo", "TG", "TGO", "West Africa", ("Togolese Republic",)),
    Country("Tokelau", "TK", "TKL", "Oceania", ()),
    Country("Tonga", "TO", "TON", "Oceania", ("Kingdom of Tonga",)),
    Country("Trinidad and Tobago", "TT", "TTO", "Caribbean", (
        "Trinidad & Tobago", "Republic of Trinidad and Tobago",
    )),
    Country("Tunisia", "TN", "TUN", "North Africa", ("Tunisie", "تونس", "Republic of Tunisia")),
    Country("Turkey", "TR", "TUR", "Western Asia", (
        "Türkiye", "Republic of Turkey", "Republic of Türkiye",
    )),
    Country("Turkmenistan", "TM", "TKM", "Central Asia", ()),
    Country("Turks and Caicos Islands", "TC", "TCA", "Caribbean", (
        "Turks and Caicos", "Turks & Caicos",
    )),
    Country("Tuvalu", "TV", "TUV", "Oceania", ()),
    Country("Uganda", "UG", "UGA", "East Africa", ("Republic of Uganda",)),
    Country("Ukraine", "UA", "UKR", "Eastern Europe", ("Україна", "Ukraina")),
    Country("United Arab Emirates", "AE", "ARE", "Western Asia", (
        "UAE", "U.A.E.", "الإمارات العربية المتحدة",
    )),
    Country("United Kingdom", "GB", "GBR", "Northern Europe", (
        "UK", "U.K.", "Great Britain", "Britain",
        "United Kingdom of Great Britain and Northern Ireland",
    )),
    Country("United States", "US", "USA", "North America", (
        "USA", "U.S.", "U.S.A.", "United States of America",
    )),
    Country("United States Virgin Islands", "VI", "VIR", "Caribbean", (
        "U.S. Virgin Islands", "US Virgin Islands", "USVI", "Virgin Islands, U.S.",
        "Virgin Islands of the United States",
    )),
    Country("Uruguay", "UY", "URY", "South America", ("Eastern Republic of Uruguay",)),
    Country("Uzbekistan", "UZ", "UZB", "Central Asia", ("O'zbekiston", "Republic of Uzbekistan")),
    Country("Vanuatu", "VU", "VUT", "Oceania", ("Republic of Vanuatu",)),
    Country("Vatican City", "VA", "VAT", "Southern Europe", (
        "Holy See", "Vatican", "Vatican City State", "Città del Vaticano",
        "Holy See (Vatican City State)",
    )),
    Country("Venezuela", "VE", "VEN", "South America", (
        "Venezuela, Bolivarian Republic of", "Bolivarian Republic of Venezuela",
    )),
    Country("Vietnam", "VN", "VNM", "Southeast Asia", (
        "Việt Nam", "Socialist Republic of Viet Nam",
    )),
    Country("Wallis and Futuna", "WF", "WLF", "Oceania", ()),
    Country("Western Sahara", "EH", "ESH", "North Africa", ()),
    Country("Yemen", "YE", "YEM", "Western Asia", ("اليمن", "Republic of Yemen")),
    Country("Zambia", "ZM", "ZMB", "East Africa", ("Republic of Zambia",)),
    Country("Zimbabwe", "ZW", "ZWE", "East Africa", ("Republic of Zimbabwe",)),
)

PARTS: tuple[Part, ...] = (
    Part("England", "United Kingdom"),
    Part("Scotland", "United Kingdom"),
    Part("Wales", "United Kingdom", ("Cymru",)),
    Part("Northern Ireland", "United Kingdom"),
)

REGIONS: tuple[Region, ...] = (
    # Continents and the largest groupings.
    Region("Europe", ("EMEA",)),
    Region("Asia", ()),
    Region("Africa", ("EMEA",)),
    Region("North America", ("Americas",)),
    Region("South America", ("Americas", "Latin America")),
    Region("Oceania", ("APAC",)),
    Region("Americas", ()),
    Region("EMEA", (), (), (
        "Europe, Middle East and Africa", "Europe, Middle East & Africa",
        "Europe, the Middle East and Africa",
    )),
    Region("APAC", (), (), ("Asia-Pacific", "Asia and the Pacific", "Asia & Pacific")),
    # Latin America as business writing uses it (LATAM): with the whole Caribbean.
    Region("Latin America", ("Americas",), ("Mexico",), (
        "LATAM", "Latin America and the Caribbean", "Latin America & the Caribbean",
    )),
    # Europe: the four M49 sub-regions, then groupings.
    Region("Northern Europe", ("Europe",)),
    Region("Western Europe", ("Europe",)),
    Region("Eastern Europe", ("Europe",)),
    Region("Southern Europe", ("Europe",)),
    Region("Central Europe", ("Europe",), (
        "Austria", "Czechia", "Germany", "Hungary", "Liechtenstein", "Poland", "Slovakia",
        "Slovenia", "Switzerland",
    )),
    Region("Central and Eastern Europe", ("Europe",), (
        "Albania", "Bulgaria", "Croatia", "Czechia", "Estonia", "Hungary", "Latvia",
        "Lithuania", "Poland", "Romania", "Slovakia", "Slovenia",
    ), ("CEE", "Central & Eastern Europe")),
    Region("DACH", ("Europe", "Central Europe"), ("Germany", "Austria", "Switzerland"), (
        "D-A-CH", "DACH region",
    )),
    Region("Nordics", ("Europe", "Northern Europe"), (
        "Denmark", "Finland", "Iceland", "Norway", "Sweden", "Faroe Islands", "Åland Islands",
    ), ("the Nordics", "Nordic countries", "Nordic region", "Norden")),
    Region("Scandinavia", ("Nordics",), ("Denmark", "Norway", "Sweden"), (
        "Scandinavian countries",
    )),
    Region("Benelux", ("Western Europe",), ("Belgium", "Netherlands", "Luxembourg"), (
        "Benelux countries", "Low Countries",
    )),
    Region("Baltics", ("Northern Europe",), ("Estonia", "Latvia", "Lithuania"), (
        "the Baltics", "Baltic states", "Baltic countries",
    )),
    Region("Balkans", ("Europe",), (
        "Albania", "Bosnia and Herzegovina", "Bulgaria", "Croatia", "Greece", "Kosovo",
        "Montenegro", "North Macedonia", "Romania", "Serbia", "Slovenia",
    ), (
        "the Balkans", "Balkan countries", "Balkan Peninsula", "Southeast Europe",
        "South-East Europe", "Southeastern Europe",
    )),
    Region("Western Balkans", ("Balkans",), (
        "Albania", "Bosnia and Herzegovina", "Kosovo", "Montenegro", "North Macedonia", "Serbia",
    )),
    Region("Iberia", ("Southern Europe",), ("Spain", "Portugal", "Andorra", "Gibraltar"), (
        "Iberian Peninsula",
    )),
    Region("British Isles", ("Northern Europe",), (
        "United Kingdom", "Ireland", "Isle of Man", "Jersey", "Guernsey",
    )),
    Region("EU", ("EEA",), (
        "Austria", "Belgium", "Bulgaria", "Croatia", "Cyprus", "Czechia", "Denmark", "Estonia",
        "Finland", "France", "Germany", "Greece", "Hungary", "Ireland", "Italy", "Latvia",
        "Lithuania", "Luxembourg", "Malta", "Netherlands", "Poland", "Portugal", "Romania",
        "Slovakia", "Slovenia", "Spain", "Sweden",
    ), ("European Union", "EU27", "EU-27")),
    # The EEA is the EU (under it) and these three.
    Region("EEA", ("Europe",), ("Iceland", "Liechtenstein", "Norway"), (
        "European Economic Area",
    )),
    # The Middle East and Africa.
    Region("Middle East", ("MENA",), (
        "Bahrain", "Egypt", "Iran", "Iraq", "Israel", "Jordan", "Kuwait", "Lebanon", "Oman",
        "Palestine", "Qatar", "Saudi Arabia", "Syria", "Turkey", "United Arab Emirates", "Yemen",
    ), ("Mideast",)),
    Region("MENA", ("EMEA",), (), ("Middle East and North Africa", "Middle East & North Africa")),
    Region("GCC", ("Middle East",), (
        "Bahrain", "Kuwait", "Oman", "Qatar", "Saudi Arabia", "United Arab Emirates",
    ), ("Gulf Cooperation Council", "GCC countries", "Gulf states", "Arab Gulf states")),
    Region("Western Asia", ("Asia", "EMEA"), (), ("West Asia",)),
    Region("North Africa", ("Africa", "MENA"), (), ("Northern Africa",)),
    Region("Sub-Saharan Africa", ("Africa",), (), ("Subsaharan Africa",)),
    Region("West Africa", ("Sub-Saharan Africa",), (), ("Western Africa",)),
    Region("East Africa", ("Sub-Saharan Africa",), (), ("Eastern Africa",)),
    Region("Central Africa", ("Sub-Saharan Africa",), (), ("Middle Africa",)),
    Region("Southern Africa", ("Sub-Saharan Africa",)),
    # Asia. Southeast Asia's eleven are ASEAN's members since Timor-Leste joined (2025).
    Region("East Asia", ("Asia", "APAC"), (), ("Eastern Asia",)),
    Region("Greater China", ("East Asia",), ("China", "Hong Kong", "Macau", "Taiwan")),
    Region("Southeast Asia", ("Asia", "APAC"), (), (
        "South-East Asia", "SE Asia", "ASEAN", "ASEAN region",
    )),
    Region("South Asia", ("Asia", "APAC"), (), ("Southern Asia",)),
    Region("Central Asia", ("Asia",)),
    # The Americas.
    Region("Central America", ("North America", "Latin America")),
    Region("Caribbean", ("North America", "Latin America"), (), (
        "the Caribbean", "Caribbean islands", "West Indies",
    )),
)
# fmt: on

# Phrases holding a place's name that do not mention that place: find_in() skips them.
NON_PLACES: tuple[str, ...] = (
    "New Jersey",
    "Jersey City",
    "New Mexico",
    "New England",
    "New South Wales",
    "New Guinea",
    "Niger Delta",
    "South Georgia",
)


def place_terms() -> tuple[Term, ...]:
    """The place axis as terms: each country under its M49 region and every region listing it."""
    countries = {country.name for country in COUNTRIES}
    listed_in: dict[str, list[str]] = {}
    for region in REGIONS:
        for member in region.members:
            if member not in countries:
                raise ValueError(f"region {region.name!r} lists {member!r}, which is no country")
            listed_in.setdefault(member, []).append(region.name)
    return (
        *(Term(PLACE, region.name, region.broader, region.aliases) for region in REGIONS),
        *(
            Term(
                PLACE,
                country.name,
                (country.region, *listed_in.get(country.name, ())),
                country.aliases,
                (country.alpha2, country.alpha3),
            )
            for country in COUNTRIES
        ),
        *(Term(PLACE, part.name, (part.within,), part.aliases) for part in PARTS),
    )
