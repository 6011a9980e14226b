/**
 * The technology-procurement catalogue that POST /api/admin/seed-products
 * writes (upserted by name). Prices are list prices in USD; images are the
 * illustrations shipped in web/public/products.
 */
export interface SeedProduct {
  name: string;
  category: string;
  description: string;
  price: string;
  /** null: not rated yet (shown as N/A). */
  rating: string | null;
  inStock: boolean;
  imageUrl: string;
}

const image = (type: string) => `/products/${type}.svg`;

export const catalogSeed: readonly SeedProduct[] = [
  // Switching
  {
    name: 'Cisco Catalyst 9200L 48-Port PoE+ Switch',
    category: 'Networking',
    description:
      'C9200L-48P-4G: 48 × 1 GbE PoE+ ports with a 740 W budget, 4 × 1G SFP uplinks and stacking. Network Essentials licence included.',
    price: '4895.00',
    rating: '4.7',
    inStock: true,
    imageUrl: image('switch'),
  },
  {
    name: 'Aruba CX 6100 24G PoE+ Switch',
    category: 'Networking',
    description:
      'JL677A: 24 × 1 GbE Class 4 PoE ports (370 W) and 4 × 10G SFP+ uplinks. Layer 2 access switch managed from Aruba Central or the CLI.',
    price: '1649.00',
    rating: '4.5',
    inStock: true,
    imageUrl: image('switch'),
  },
  {
    name: 'Ubiquiti UniFi Pro Max 24 PoE Switch',
    category: 'Networking',
    description:
      'Layer 3 Etherlighting switch with 16 × 1 GbE and 8 × 2.5 GbE PoE++ ports, 2 × 10G SFP+ uplinks and a 400 W PoE budget.',
    price: '799.00',
    rating: '4.6',
    inStock: true,
    imageUrl: image('switch'),
  },
  {
    name: 'Juniper EX2300-C 12-Port Compact Switch',
    category: 'Networking',
    description:
      'Fanless 12 × 1 GbE PoE+ compact switch with 2 × 10G SFP+ uplinks, built for classrooms, retail floors and open offices.',
    price: '1295.00',
    rating: null,
    inStock: false,
    imageUrl: image('switch'),
  },
  // Firewalls
  {
    name: 'Fortinet FortiGate 60F Firewall with 1-Year UTP',
    category: 'Security',
    description:
      'FG-60F next-generation firewall: 10 Gbps firewall and 700 Mbps threat-protection throughput, SD-WAN, and a year of Unified Threat Protection.',
    price: '1149.00',
    rating: '4.8',
    inStock: true,
    imageUrl: image('firewall'),
  },
  {
    name: 'Palo Alto Networks PA-440 Next-Generation Firewall',
    category: 'Security',
    description:
      'Desktop ML-powered NGFW with 8 × 1 GbE ports and 2.4 Gbps App-ID throughput for branch offices. Subscriptions sold separately.',
    price: '2650.00',
    rating: '4.7',
    inStock: true,
    imageUrl: image('firewall'),
  },
  {
    name: 'SonicWall TZ370 Essential Edition, 1 Year',
    category: 'Security',
    description:
      'Small-office firewall with 3 Gbps firewall throughput, SSL VPN and a year of gateway anti-virus, IPS, content filtering and Capture ATP.',
    price: '1095.00',
    rating: '4.3',
    inStock: true,
    imageUrl: image('firewall'),
  },
  {
    name: 'Cisco Meraki MX68 Security Appliance',
    category: 'Security',
    description:
      'Cloud-managed security and SD-WAN appliance for up to 50 users, with 10 × 1 GbE ports (2 PoE+). Enterprise licence required.',
    price: '1480.00',
    rating: '4.4',
    inStock: false,
    imageUrl: image('firewall'),
  },
  // Wi-Fi
  {
    name: 'Ubiquiti UniFi U7 Pro Wi-Fi 7 Access Point',
    category: 'Wireless',
    description:
      'Tri-band Wi-Fi 7 ceiling access point with 6 GHz support, 2.5 GbE uplink and PoE+ power, managed from UniFi Network.',
    price: '189.00',
    rating: '4.6',
    inStock: true,
    imageUrl: image('access-point'),
  },
  {
    name: 'Aruba Instant On AP25 Wi-Fi 6 Access Point',
    category: 'Wireless',
    description:
      '4×4 Wi-Fi 6 indoor access point with a 2.5 GbE port, smart mesh and app-based management with no subscription.',
    price: '279.00',
    rating: '4.4',
    inStock: true,
    imageUrl: image('access-point'),
  },
  {
    name: 'Cisco Meraki MR46 Wi-Fi 6 Access Point',
    category: 'Wireless',
    description:
      'High-density 4×4:4 Wi-Fi 6 access point with a 2.5 GbE multigigabit uplink, BLE and a dedicated scanning radio. Licence required.',
    price: '1049.00',
    rating: '4.7',
    inStock: true,
    imageUrl: image('access-point'),
  },
  {
    name: 'RUCKUS R650 Wi-Fi 6 Indoor Access Point',
    category: 'Wireless',
    description:
      'Dual-band 4×4:4 + 2×2:2 Wi-Fi 6 access point with BeamFlex+ adaptive antennas and a 2.5 GbE port, for offices and classrooms.',
    price: '995.00',
    rating: null,
    inStock: true,
    imageUrl: image('access-point'),
  },
  // Cabling and racks
  {
    name: 'Cat6A Shielded Plenum Cable, 1000 ft',
    category: 'Cabling & Racks',
    description:
      'F/UTP 23 AWG solid copper, CMP plenum rated, 10GBASE-T to 100 m. Reel-in-box with footage markings, UL listed.',
    price: '689.00',
    rating: '4.5',
    inStock: true,
    imageUrl: image('cable'),
  },
  {
    name: '24-Port Cat6A Shielded Patch Panel, 1U',
    category: 'Cabling & Racks',
    description:
      'Keystone patch panel with 24 shielded Cat6A jacks, rear cable-management bar and numbered ports. Rack-mount 19-inch.',
    price: '189.00',
    rating: '4.6',
    inStock: true,
    imageUrl: image('patch-panel'),
  },
  {
    name: 'Tripp Lite SmartRack 42U Rack Enclosure',
    category: 'Cabling & Racks',
    description:
      'SR42UB standard-depth server rack with locking doors and side panels, 3,000 lb static capacity and adjustable mounting rails.',
    price: '1749.00',
    rating: '4.7',
    inStock: true,
    imageUrl: image('rack'),
  },
  {
    name: '2-Post Open-Frame Relay Rack, 45U',
    category: 'Cabling & Racks',
    description:
      'Aluminium EIA-310 relay rack for network closets, with #12-24 tapped rails, 1,000 lb load rating and a floor-bolt base.',
    price: '329.00',
    rating: null,
    inStock: true,
    imageUrl: image('rack'),
  },
  // CCTV
  {
    name: 'Axis P3265-LVE Outdoor Dome Camera',
    category: 'Surveillance',
    description:
      '1080p vandal-resistant dome with Lightfinder 2.0, Forensic WDR, 40 m IR and deep-learning analytics on the edge. IP66/IK10.',
    price: '1095.00',
    rating: '4.8',
    inStock: true,
    imageUrl: image('camera-dome'),
  },
  {
    name: 'Hanwha Vision XNO-8080R 5MP Bullet Camera',
    category: 'Surveillance',
    description:
      '5 MP outdoor bullet camera with a 3.2× motorised varifocal lens, 50 m IR, WiseStream compression and NDAA compliance.',
    price: '679.00',
    rating: '4.5',
    inStock: true,
    imageUrl: image('camera-bullet'),
  },
  {
    name: 'Axis M2036-LE Mk II Bullet Camera',
    category: 'Surveillance',
    description:
      'Compact 4 MP bullet camera with a wide 130° view, built-in IR and AXIS Object Analytics, powered by PoE.',
    price: '399.00',
    rating: '4.4',
    inStock: true,
    imageUrl: image('camera-bullet'),
  },
  {
    name: 'Synology DVA3221 4-Bay Deep Learning NVR',
    category: 'Surveillance',
    description:
      'Network video recorder for up to 32 cameras, with an NVIDIA GPU for face recognition and people counting. Drives sold separately.',
    price: '1599.00',
    rating: '4.4',
    inStock: true,
    imageUrl: image('nvr'),
  },
  // Servers and storage
  {
    name: 'Dell PowerEdge R660xs Rack Server',
    category: 'Servers & Storage',
    description:
      '1U server with a Xeon Silver 4410Y, 64 GB DDR5, 2 × 960 GB SSD in RAID 1, iDRAC9 Enterprise and redundant power supplies.',
    price: '7495.00',
    rating: '4.7',
    inStock: true,
    imageUrl: image('server'),
  },
  {
    name: 'HPE ProLiant DL380 Gen11 Server',
    category: 'Servers & Storage',
    description:
      '2U server with 2 × Xeon Gold 5415+, 128 GB DDR5, 8 SFF bays, MR408i-o controller and 2 × 800 W Platinum power supplies.',
    price: '11850.00',
    rating: null,
    inStock: false,
    imageUrl: image('server'),
  },
  {
    name: 'Synology RackStation RS1221+ 8-Bay NAS',
    category: 'Servers & Storage',
    description:
      '2U rack NAS with an AMD Ryzen V1500B, 4 GB ECC memory (up to 32 GB), 4 × 1 GbE and a PCIe slot for 10 GbE. Drives sold separately.',
    price: '1399.00',
    rating: '4.6',
    inStock: true,
    imageUrl: image('nas'),
  },
  // Laptops and workstations
  {
    name: 'Lenovo ThinkPad T14 Gen 5 Laptop',
    category: 'Computers',
    description:
      '14-inch WUXGA business laptop with Intel Core Ultra 7 155U, 32 GB RAM, 1 TB SSD, Windows 11 Pro and a 3-year on-site warranty.',
    price: '1849.00',
    rating: '4.6',
    inStock: true,
    imageUrl: image('laptop'),
  },
  {
    name: 'Dell Latitude 7450 Business Laptop',
    category: 'Computers',
    description:
      '14-inch laptop with Intel Core Ultra 5 135U, 16 GB RAM, 512 GB SSD, Wi-Fi 7 and Windows 11 Pro, ready for Intune enrolment.',
    price: '1699.00',
    rating: '4.4',
    inStock: true,
    imageUrl: image('laptop'),
  },
  {
    name: 'HP Z2 Tower G9 Workstation',
    category: 'Computers',
    description:
      'Intel Core i9-14900K, 64 GB DDR5, 2 TB NVMe SSD and an NVIDIA RTX A2000 12 GB for CAD, GIS and video work. ISV certified.',
    price: '3299.00',
    rating: '4.5',
    inStock: true,
    imageUrl: image('workstation'),
  },
  // Power
  {
    name: 'APC Smart-UPS 1500VA LCD Rack-Mount UPS',
    category: 'Power',
    description:
      'SMT1500RM2UC line-interactive 2U UPS, 1000 W, pure sine wave, with SmartConnect cloud monitoring and hot-swappable batteries.',
    price: '1189.00',
    rating: '4.8',
    inStock: true,
    imageUrl: image('ups'),
  },
  {
    name: 'Eaton 5PX G2 3000VA Rack/Tower UPS',
    category: 'Power',
    description:
      '5PX3000RTN2U line-interactive UPS, 3000 W, with a network card, 2U rack or tower mounting and extended-runtime battery support.',
    price: '2395.00',
    rating: null,
    inStock: false,
    imageUrl: image('ups'),
  },
];
