<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="14" tileheight="14" spacing="2" margin="1" tilecount="16" columns="4" tilerendersize="grid" fillmode="preserve-aspect-fit">
 <tileoffset x="2" y="-3"/>
 <grid orientation="orthogonal" width="14" height="14"/>
 <properties>
  <property name="layered" type="bool" value="true"/>
 </properties>
 <image source="../../sheet_64x64_16.png" width="64" height="64"/>
 <tile id="15" type="crate" probability="0.5">
  <properties>
   <property name="weight" type="float" value="2.5"/>
  </properties>
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="14" height="14"/>
  </objectgroup>
 </tile>
</tileset>
