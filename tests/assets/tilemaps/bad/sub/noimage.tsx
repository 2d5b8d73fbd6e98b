<?xml version="1.0" encoding="UTF-8"?>
<tileset name="noimage" tilewidth="8" tileheight="8" tilecount="16" columns="4">
 <image source="gone.png" width="32" height="32"/>
</tileset>
