/**
 * The built-in region tree of the area picker: Japan's 47 prefectures (ISO 3166-2 codes) with
 * their major cities, and a few other countries at country/region level. Names in Japanese and
 * English; other UI languages show the English names. Kept compact on purpose: the picker stores
 * the chosen path of codes plus the text shown, so a richer tree can replace this one later.
 */
export interface RegionName {
  en: string;
  ja: string;
}
export interface Region {
  code: string;
  name: RegionName;
  children?: Region[];
}

// prefecture number | English | Japanese | cities as "English:Japanese" separated by commas
const prefectures = `01|Hokkaido|北海道|Sapporo:札幌市,Hakodate:函館市,Asahikawa:旭川市,Kushiro:釧路市
02|Aomori|青森県|Aomori:青森市,Hachinohe:八戸市,Hirosaki:弘前市
03|Iwate|岩手県|Morioka:盛岡市,Ichinoseki:一関市,Oshu:奥州市
04|Miyagi|宮城県|Sendai:仙台市,Ishinomaki:石巻市,Osaki:大崎市
05|Akita|秋田県|Akita:秋田市,Yokote:横手市,Daisen:大仙市
06|Yamagata|山形県|Yamagata:山形市,Tsuruoka:鶴岡市,Sakata:酒田市
07|Fukushima|福島県|Fukushima:福島市,Koriyama:郡山市,Iwaki:いわき市
08|Ibaraki|茨城県|Mito:水戸市,Tsukuba:つくば市,Hitachi:日立市
09|Tochigi|栃木県|Utsunomiya:宇都宮市,Oyama:小山市,Ashikaga:足利市
10|Gunma|群馬県|Maebashi:前橋市,Takasaki:高崎市,Ota:太田市
11|Saitama|埼玉県|Saitama:さいたま市,Kawaguchi:川口市,Kawagoe:川越市,Tokorozawa:所沢市
12|Chiba|千葉県|Chiba:千葉市,Funabashi:船橋市,Matsudo:松戸市,Kashiwa:柏市,Urayasu:浦安市
13|Tokyo|東京都|Chiyoda:千代田区,Chuo:中央区,Minato:港区,Shinjuku:新宿区,Shibuya:渋谷区,Setagaya:世田谷区,Taito:台東区,Hachioji:八王子市
14|Kanagawa|神奈川県|Yokohama:横浜市,Kawasaki:川崎市,Sagamihara:相模原市,Fujisawa:藤沢市,Kamakura:鎌倉市
15|Niigata|新潟県|Niigata:新潟市,Nagaoka:長岡市,Joetsu:上越市
16|Toyama|富山県|Toyama:富山市,Takaoka:高岡市
17|Ishikawa|石川県|Kanazawa:金沢市,Hakusan:白山市,Komatsu:小松市
18|Fukui|福井県|Fukui:福井市,Sakai:坂井市,Echizen:越前市
19|Yamanashi|山梨県|Kofu:甲府市,Fujiyoshida:富士吉田市
20|Nagano|長野県|Nagano:長野市,Matsumoto:松本市,Ueda:上田市
21|Gifu|岐阜県|Gifu:岐阜市,Ogaki:大垣市,Takayama:高山市
22|Shizuoka|静岡県|Shizuoka:静岡市,Hamamatsu:浜松市,Numazu:沼津市,Fuji:富士市
23|Aichi|愛知県|Nagoya:名古屋市,Toyota:豊田市,Okazaki:岡崎市,Toyohashi:豊橋市
24|Mie|三重県|Tsu:津市,Yokkaichi:四日市市,Suzuka:鈴鹿市,Ise:伊勢市
25|Shiga|滋賀県|Otsu:大津市,Kusatsu:草津市,Hikone:彦根市
26|Kyoto|京都府|Kyoto:京都市,Uji:宇治市,Fukuchiyama:福知山市
27|Osaka|大阪府|Osaka:大阪市,Sakai:堺市,Higashiosaka:東大阪市,Toyonaka:豊中市,Suita:吹田市
28|Hyogo|兵庫県|Kobe:神戸市,Himeji:姫路市,Nishinomiya:西宮市,Amagasaki:尼崎市
29|Nara|奈良県|Nara:奈良市,Kashihara:橿原市,Ikoma:生駒市
30|Wakayama|和歌山県|Wakayama:和歌山市,Tanabe:田辺市
31|Tottori|鳥取県|Tottori:鳥取市,Yonago:米子市
32|Shimane|島根県|Matsue:松江市,Izumo:出雲市
33|Okayama|岡山県|Okayama:岡山市,Kurashiki:倉敷市,Tsuyama:津山市
34|Hiroshima|広島県|Hiroshima:広島市,Fukuyama:福山市,Kure:呉市
35|Yamaguchi|山口県|Yamaguchi:山口市,Shimonoseki:下関市,Ube:宇部市
36|Tokushima|徳島県|Tokushima:徳島市,Anan:阿南市
37|Kagawa|香川県|Takamatsu:高松市,Marugame:丸亀市
38|Ehime|愛媛県|Matsuyama:松山市,Imabari:今治市,Niihama:新居浜市
39|Kochi|高知県|Kochi:高知市,Nankoku:南国市
40|Fukuoka|福岡県|Fukuoka:福岡市,Kitakyushu:北九州市,Kurume:久留米市
41|Saga|佐賀県|Saga:佐賀市,Karatsu:唐津市
42|Nagasaki|長崎県|Nagasaki:長崎市,Sasebo:佐世保市,Isahaya:諫早市
43|Kumamoto|熊本県|Kumamoto:熊本市,Yatsushiro:八代市
44|Oita|大分県|Oita:大分市,Beppu:別府市
45|Miyazaki|宮崎県|Miyazaki:宮崎市,Miyakonojo:都城市,Nobeoka:延岡市
46|Kagoshima|鹿児島県|Kagoshima:鹿児島市,Kirishima:霧島市,Kanoya:鹿屋市
47|Okinawa|沖縄県|Naha:那覇市,Okinawa:沖縄市,Uruma:うるま市,Ishigaki:石垣市`;

// country code | English | Japanese | regions as "code:English:Japanese" separated by commas
const countries = `CN|China|中国|BJ:Beijing:北京,SH:Shanghai:上海,GD:Guangdong:広東,ZJ:Zhejiang:浙江,JS:Jiangsu:江蘇
HK|Hong Kong|香港|HK:Hong Kong Island:香港島,KLN:Kowloon:九龍,NT:New Territories:新界
TW|Taiwan|台湾|TPE:Taipei:台北,NWT:New Taipei:新北,TXG:Taichung:台中,KHH:Kaohsiung:高雄
KR|South Korea|韓国|11:Seoul:ソウル,26:Busan:釜山,28:Incheon:仁川,41:Gyeonggi:京畿道
SG|Singapore|シンガポール|SG:Singapore:シンガポール
TH|Thailand|タイ|10:Bangkok:バンコク,50:Chiang Mai:チェンマイ,83:Phuket:プーケット
VN|Vietnam|ベトナム|HN:Hanoi:ハノイ,SG:Ho Chi Minh City:ホーチミン市,DN:Da Nang:ダナン
US|United States|アメリカ|CA:California:カリフォルニア州,NY:New York:ニューヨーク州,TX:Texas:テキサス州,WA:Washington:ワシントン州,HI:Hawaii:ハワイ州
GB|United Kingdom|イギリス|ENG:England:イングランド,SCT:Scotland:スコットランド,WLS:Wales:ウェールズ,NIR:Northern Ireland:北アイルランド
AU|Australia|オーストラリア|NSW:New South Wales:ニューサウスウェールズ州,VIC:Victoria:ビクトリア州,QLD:Queensland:クイーンズランド州
AE|United Arab Emirates|アラブ首長国連邦|DU:Dubai:ドバイ,AZ:Abu Dhabi:アブダビ,SH:Sharjah:シャルジャ`;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function parseJapan(): Region {
  const children = prefectures.split('\n').map((line): Region => {
    const [number = '', en = '', ja = '', cities = ''] = line.split('|');
    const code = `JP-${number}`;
    return {
      code,
      name: { en, ja },
      children: cities.split(',').map((city) => {
        const [cityEn = '', cityJa = ''] = city.split(':');
        return { code: `${code}-${slug(cityEn)}`, name: { en: cityEn, ja: cityJa } };
      }),
    };
  });
  return { code: 'JP', name: { en: 'Japan', ja: '日本' }, children };
}

function parseCountries(): Region[] {
  return countries.split('\n').map((line) => {
    const [code = '', en = '', ja = '', regions = ''] = line.split('|');
    return {
      code,
      name: { en, ja },
      children: regions.split(',').map((region) => {
        const [regionCode = '', regionEn = '', regionJa = ''] = region.split(':');
        return { code: `${code}-${regionCode}`, name: { en: regionEn, ja: regionJa } };
      }),
    };
  });
}

export const regions: Region[] = [parseJapan(), ...parseCountries()];

/** The name in the UI language: Japanese for jp, English otherwise. */
export function regionLabel(region: Region, language: string): string {
  return language === 'jp' ? region.name.ja : region.name.en;
}

/** The regions along a path of codes (stops at the first unknown code). */
export function regionPath(codes: readonly string[]): Region[] {
  const path: Region[] = [];
  let level: Region[] | undefined = regions;
  for (const code of codes) {
    const found: Region | undefined = level?.find((region) => region.code === code);
    if (!found) break;
    path.push(found);
    level = found.children;
  }
  return path;
}

/** The text stored with the area: the names along the path, joined. */
export function areaText(codes: readonly string[], language: string): string {
  return regionPath(codes)
    .map((region) => regionLabel(region, language))
    .join(' / ');
}

/** CascadePicker options in the UI language. */
export interface CascadeOption {
  label: string;
  value: string;
  children?: CascadeOption[];
}
export function cascadeOptions(language: string, list: Region[] = regions): CascadeOption[] {
  return list.map((region) => ({
    label: regionLabel(region, language),
    value: region.code,
    ...(region.children ? { children: cascadeOptions(language, region.children) } : {}),
  }));
}

/** The area in the UI language when its codes are all in the tree; otherwise the text stored with it. */
export function localizedArea(area: { codes: readonly string[]; text: string }, language: string): string {
  return regionPath(area.codes).length === area.codes.length && area.codes.length > 0
    ? areaText(area.codes, language)
    : area.text;
}
