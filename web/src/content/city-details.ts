// What a city page says beyond the facts every page shares (cities.ts): the
// hero line, why the city carries its risk level, what inspections find
// there and what makes drain work harder (SPEC §2 "City pages"). Only the
// city pages import this, so other pages do not load the copy.
import { getCity, type City, type CitySlug } from './cities';

export type CityDetails = {
  /** Why the city's drain lines carry its risk level: 2–3 sentences for the risk assessment block. */
  riskDescription: string;
  /** What our camera inspections find most often there (4–6 short items). */
  commonIssues: readonly string[];
  /** What makes drain work harder in this city: soil, trees, water, rules, housing (3–5, one sentence each). */
  challenges: readonly string[];
  /** The line under the hero title '{city} Drain Repair & Pipe Lining Specialists'. */
  heroIntro: string;
};

export const cityDetails: Readonly<Record<CitySlug, CityDetails>> = {
  scottsdale: {
    riskDescription:
      'Scottsdale grew fastest in the 1950s and 1960s, and the ranch homes and townhouses of that boom were plumbed ' +
      'with cast iron under the slab and tar-paper Orangeburg out to the street. Orangeburg was never expected to ' +
      'last much past 50 years, and those lines are now flattening and collapsing while the cast iron rots along its ' +
      'bottom. North Scottsdale’s newer plastic lines are far safer, but the sheer number of failing lines in the ' +
      'south makes the city’s rating critical.',
    commonIssues: [
      'Collapsed or flattened Orangeburg laterals',
      'Cast iron channel rot under the slab',
      'Root intrusion from mature ficus, olive and palo verde trees',
      'Hard-water scale narrowing old cast iron',
      'Shared-line backups in townhome complexes',
      'Glue-joint failures in 1980s ABS',
    ],
    challenges: [
      'Most south Scottsdale ranch homes are slab-on-grade, so an open-trench repair means breaking up kitchen and ' +
        'bathroom floors.',
      'Townhome communities such as Villa Monterey share sewer runs, so one repair often needs the HOA and several ' +
        'neighbors to agree.',
      'Environmentally Sensitive Lands rules protect the natural desert on many north Scottsdale lots, which makes a ' +
        'trench slow to permit and costly to restore.',
      'Granite, boulders and caliche around Pinnacle Peak and Troon make excavation far harder than lining a pipe ' +
        'from the inside.',
      'Scottsdale’s hard water leaves mineral scale inside cast iron that catches paper and grease and speeds up ' +
        'corrosion.',
    ],
    heroIntro:
      'From Old Town’s 1950s ranch homes to the master-planned communities up north, we find and fix failing drain ' +
      'lines without tearing up your slab, yard or desert landscaping.',
  },
  phoenix: {
    riskDescription:
      'Phoenix has the Valley’s oldest sewer connections: its historic districts still drain through 1920s–40s clay, ' +
      'and the post-war tracts through cast iron and Orangeburg. Clay joints let roots in, Orangeburg deforms and ' +
      'cast iron scales shut, so many central Phoenix lines are at or past their service life. Newer areas such as ' +
      'Desert Ridge and Laveen keep the city’s overall rating at high rather than critical.',
    commonIssues: [
      'Root intrusion at clay pipe joints',
      'Cracked and offset clay sections',
      'Flattened Orangeburg laterals',
      'Cast iron scale and channel rot',
      'Bellies where irrigated soil has settled',
    ],
    challenges: [
      'Many central Phoenix homes connect to a sewer main in the alley, so the lateral runs the length of the ' +
        'backyard under walls, trees and sheds.',
      'Flood-irrigated lots in Arcadia, North Central and the historic districts keep the soil wet, and roots follow ' +
        'that water into old clay joints.',
      'In HP-zoned historic districts exterior changes go through the city’s Historic Preservation Office, so owners ' +
        'favor repairs that leave original walks, walls and landscapes intact.',
      'Caliche a few feet down in Sunnyslope, Moon Valley and the foothills makes excavation slow and expensive.',
      'Monsoon storms push groundwater through cracked clay and Orangeburg, so failing laterals often show up as ' +
        'backups in July and August.',
    ],
    heroIntro:
      'From Willo bungalows to Maryvale ranch homes, we camera-inspect Phoenix sewer lines and reline them in place, ' +
      'without digging up historic yards, walks or driveways.',
  },
  tempe: {
    riskDescription:
      'Most of north and central Tempe was built between the 1950s and 1970s, when cast iron under the slab was ' +
      'standard and Orangeburg often ran to the street. After 50 to 70 years that cast iron is cracking, scaling and ' +
      'rotting through along the bottom, and the oldest homes near ASU still have clay laterals. South Tempe is ' +
      'mostly plastic, but the mid-century core keeps the city at high risk.',
    commonIssues: [
      'Cracked and scaled cast iron under the slab',
      'Root intrusion at clay and cast iron joints',
      'Grease and wipe clogs in rental homes',
      'Collapsed Orangeburg laterals',
      'Bellies where irrigated soil has shifted',
    ],
    challenges: [
      'Older neighborhoods such as Maple-Ash and Mitchell Park still take flood irrigation, and the saturated soil ' +
        'draws roots into old laterals and lets pipe settle.',
      'Student rentals near ASU see heavy use and a lot of grease and wipes, so aging drains there clog far more ' +
        'often.',
      'Mid-century Tempe homes are slab-on-grade with cast iron under the floor, so an open-trench repair means ' +
        'breaking up finished rooms.',
      'Historic districts such as Borden Homes and Date Palm Manor favor repairs that keep original yards, walks and ' +
        'mature trees intact.',
    ],
    heroIntro:
      'We repair Tempe’s aging cast iron and clay drain lines from the inside, so homes near ASU and across south ' +
      'Tempe stay livable while the work gets done.',
  },
  mesa: {
    riskDescription:
      'Mesa’s housing spans a century: clay laterals in the original townsite, cast iron in the 1950s–60s ' +
      'neighborhoods around it and ABS in the 1970s–80s master-planned communities. The oldest lines are high-risk, ' +
      'but much of the city is on ABS or newer plastic that fails more slowly, so Mesa rates moderate overall. 1980s ' +
      'ABS is the main thing to watch, as its glue joints and fittings are starting to crack.',
    commonIssues: [
      'Root intrusion in the historic districts’ clay laterals',
      'Corroding cast iron in 1950s–60s homes',
      'ABS glue-joint separation',
      'Sags in long laterals on large lots',
      'Grease build-up in kitchen lines',
    ],
    challenges: [
      'Homes in the original townsite often connect to sewer mains in the alley, with clay laterals running under ' +
        'mature trees, garages and additions.',
      'Large lots in the Citrus Sub-Area and Lehi mean long private laterals through citrus roots, and some homes ' +
        'there are still on septic.',
      'Caliche and rocky foothill ground around Las Sendas and Red Mountain make excavation slow and expensive.',
      'Flood irrigation in older neighborhoods keeps the soil wet, drawing roots into joints and letting pipe settle.',
      'Some ABS pipe made in the 1980s is prone to cracking, and Mesa has thousands of homes from that decade.',
    ],
    heroIntro:
      'Whether your home is in a downtown historic district or an east Mesa master-planned community, we diagnose ' +
      'the drain on camera and fix it without a trench.',
  },
  chandler: {
    riskDescription:
      'Most of Chandler was built after 1980 with PVC and ABS drain lines that resist corrosion and rarely collapse, ' +
      'which is why the city rates low. Problems here are usually roots at joints, grease and sags where former ' +
      'farmland settled under the pipe. The exception is the small historic core around downtown, where 1920s–50s ' +
      'homes still drain through clay and cast iron.',
    commonIssues: [
      'Root intrusion at PVC and ABS joints',
      'Belly sags from settled farmland soil',
      'Grease and wipe blockages',
      'Offset joints at cleanouts and fittings',
      'Clay and cast iron failures in the historic core',
    ],
    challenges: [
      'South Chandler was built on former cotton and alfalfa fields, and the irrigated farm soil settles under ' +
        'homes, leaving bellies where waste collects.',
      'Part of the Silk Stocking neighborhood became a Historic Preservation district in 2024, so exterior work ' +
        'there follows design guidelines.',
      'HOAs in Ocotillo, Fulton Ranch and other master-planned communities require landscaping and pavers to be ' +
        'restored to approved plans after any dig.',
      'Chandler’s hard water leaves scale in drains that traps grease and narrows even newer lines.',
    ],
    heroIntro:
      'Chandler’s newer plastic drains still clog, sag and take in roots; we find the problem on camera and fix it ' +
      'without tearing up your landscaping or pavers.',
  },
  gilbert: {
    riskDescription:
      'Gilbert grew from fewer than 6,000 residents in 1980 to one of the largest towns in the country, so almost ' +
      'all of its drain lines are PVC less than 35 years old. Plastic pipe does not corrode, so the rating is low; ' +
      'what fails is usually joints, where roots get in, and sections that sag as former farm soil settles. The ' +
      'handful of older homes in the Heritage District are the exception.',
    commonIssues: [
      'Root intrusion at joints',
      'Grease build-up in kitchen lines',
      'Offset or separated joints',
      'Belly sags from soil settlement',
      'Cracked fittings on first-generation ABS',
    ],
    challenges: [
      'Nearly all of Gilbert was irrigated farmland until the 1990s, and the soft soil settles under homes and ' +
        'leaves sags in PVC sewer lines.',
      'Trees planted when 1990s subdivisions were new are now mature, and ficus, mesquite and citrus roots are ' +
        'finding their way into joints.',
      'HOAs in Val Vista Lakes, Power Ranch, Morrison Ranch and Agritopia require landscaping, pavers and driveways ' +
        'to be restored to approved standards after any dig.',
      'The Heritage District still has homes from the 1920s–50s with clay and cast iron drains beside new downtown ' +
        'development.',
    ],
    heroIntro:
      'Gilbert homes are young, but their drains still see roots, grease and settling; we clear and repair them with ' +
      'minimal disruption to your yard and HOA-approved landscaping.',
  },
  glendale: {
    riskDescription:
      'Glendale’s older core, including Catlin Court and the neighborhoods around downtown, still runs on clay and ' +
      '1950s–60s cast iron that is cracking and scaling. Beyond that core, most homes were built from the 1970s on ' +
      'with ABS and PVC that holds up better. The mix of high-risk historic blocks and lower-risk newer subdivisions ' +
      'puts Glendale at moderate risk overall.',
    commonIssues: [
      'Cracked and scaled cast iron',
      'Root intrusion at clay joints',
      'Collapsed sections in pre-1950 lines',
      'ABS joint separation in 1970s–80s homes',
      'Grease build-up',
    ],
    challenges: [
      'Many Catlin Court bungalows are now shops and restaurants, putting commercial grease loads on century-old ' +
        'residential clay lines.',
      'Older central Glendale lots are often flood irrigated, keeping the soil wet around clay and cast iron laterals.',
      'West Glendale’s newer communities sit on former farmland whose soil settles, leaving bellies in PVC lines.',
      'Mature citrus and pine trees in 1970s–80s neighborhoods send roots into aging ABS and cast iron joints.',
    ],
    heroIntro:
      'From Catlin Court bungalows to Arrowhead Ranch, we inspect Glendale drain lines on camera and repair them in ' +
      'place, without digging up your yard.',
  },
  peoria: {
    riskDescription:
      'Old Town Peoria’s 1950s–70s homes drain through cast iron that is corroding through, while the 1980s–90s ' +
      'subdivisions and retirement communities mostly use ABS now 25 to 40 years old. ABS holds up better than cast ' +
      'iron, but its joints and fittings are beginning to separate and crack. North Peoria’s 2000s communities are ' +
      'on PVC, so the city rates moderate overall.',
    commonIssues: [
      'Corroding cast iron in Old Town homes',
      'ABS joint separation and cracking',
      'Root intrusion',
      'Belly sags in long laterals',
      'Grease and scale build-up',
    ],
    challenges: [
      'Old Town Peoria homes often have decades of spot repairs in mixed materials, and the transitions between them ' +
        'are weak points.',
      'Age-restricted communities such as Westbrook Village and Ventana Lakes have late-1980s and 1990s ABS reaching ' +
        'the age when joints separate.',
      'North Peoria communities such as Vistancia and Westwing Mountain sit on rocky foothill soil and caliche that ' +
        'make digging slow and expensive.',
      'Homes near the New River and Agua Fria washes can see the soil move after monsoon flows, pulling laterals out ' +
        'of grade.',
    ],
    heroIntro:
      'From Old Town Peoria to Vistancia, we find drain problems with a camera and fix them with trenchless lining, ' +
      'so your home and landscaping stay intact.',
  },
};

/** A city with its page copy. */
export type CityPageData = City & CityDetails;

export function getCityPage(slug: CitySlug): CityPageData {
  return { ...getCity(slug), ...cityDetails[slug] };
}
